import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../components/ui/field/Field.tsx";
import { MAX_NEW_VALIDATORS } from "./ssv-funding.ts";

export interface ValidatorCountFieldProps {
  /** The count the uploaded keyshares files hold; the field shows it and cannot be changed while they are kept. */
  readonly fromFiles: number | undefined;
  /** The count stated before any upload. */
  readonly planned: number;
  /** Called with a valid count (1 to MAX_NEW_VALIDATORS), or undefined while the text is not one. */
  readonly onChange: (count: number | undefined) => void;
}

/** Parses the typed count: a whole number from 1 to MAX_NEW_VALIDATORS, else undefined. */
export function parseValidatorCount(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const count = Number(text);
  return count >= 1 && count <= MAX_NEW_VALIDATORS ? count : undefined;
}

/**
 * How many validators the funding is for: stated by the user before the upload, then the uploaded files' count
 * (read-only, with a hint saying so).
 */
export function ValidatorCountField({ fromFiles, planned, onChange }: ValidatorCountFieldProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(String(planned));
  const invalid = fromFiles === undefined && parseValidatorCount(typed) === undefined;
  return (
    <Field
      label={t("ssv.funding.validatorCount")}
      hint={
        fromFiles === undefined
          ? t("ssv.funding.validatorCountHint", { max: MAX_NEW_VALIDATORS })
          : t("ssv.funding.validatorCountFromFiles", { count: fromFiles })
      }
      error={invalid ? t("ssv.funding.validatorCountInvalid", { max: MAX_NEW_VALIDATORS }) : undefined}
    >
      {(control) => (
        <input
          {...control}
          inputMode="numeric"
          readOnly={fromFiles !== undefined}
          value={fromFiles === undefined ? typed : String(fromFiles)}
          onChange={(event) => {
            const text = event.target.value.trim();
            setTyped(text);
            onChange(parseValidatorCount(text));
          }}
        />
      )}
    </Field>
  );
}

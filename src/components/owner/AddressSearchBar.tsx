import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "../ui/button/Button.tsx";
import { Field } from "../ui/field/Field.tsx";
import "./owner-form.css";

/**
 * An address to view as a search bar: the labelled input and its submit button in one box, with the field's
 * error under it. `input` is react-hook-form's `register("…")` of the form around it.
 */
export function AddressSearchBar({
  label,
  submitLabel,
  error,
  input,
  icon = false,
}: {
  readonly label: string;
  readonly submitLabel: string;
  readonly error?: string;
  readonly input: UseFormRegisterReturn;
  /** A magnifying glass before the input. */
  readonly icon?: boolean;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <div className="owner-form__bar">
          {icon ? (
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          ) : null}
          <input
            {...control}
            // The bar draws the box around the icon, the input and the button: no box of the input's own.
            className={undefined}
            placeholder="0x…"
            spellCheck={false}
            autoComplete="off"
            {...input}
          />
          <Button type="submit">{submitLabel}</Button>
        </div>
      )}
    </Field>
  );
}

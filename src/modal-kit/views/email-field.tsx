import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useKit } from "../modal/kit-context.ts";
import { isEmail } from "../validation/formats.ts";
import { FormError } from "./form-error.tsx";

/** Connect's e-mail field: a valid address opens EmailLogin with it (spec section 5's format check). */
export function EmailField({ disabled }: { readonly disabled: boolean }) {
  const { t } = useTranslation();
  const { kit } = useKit();
  const id = useId();
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState(false);
  return (
    <form
      className="mk-form mk-email-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = email.trim();
        if (!isEmail(value)) return setInvalid(true);
        kit.store.push("EmailLogin", { email: value });
      }}
    >
      <label htmlFor={id}>{t("modalKit.emailLogin.label")}</label>
      <input
        id={id}
        className="mk-input"
        type="email"
        autoComplete="email"
        placeholder={t("modalKit.emailLogin.placeholder")}
        value={email}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => {
          setEmail(event.currentTarget.value);
          setInvalid(false);
        }}
      />
      <FormError id={`${id}-error`} message={invalid ? t("modalKit.emailLogin.invalidEmail") : undefined} />
      <button type="submit" className="mk-button" disabled={disabled}>
        {t("modalKit.emailLogin.continue")}
      </button>
    </form>
  );
}

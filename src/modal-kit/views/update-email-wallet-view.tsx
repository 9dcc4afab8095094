import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FrameAction, FrameUser } from "../../core/embedded-wallet/protocol.ts";
import { useAuthConnector } from "../embedded-wallet/use-auth-connector.ts";
import { KitError } from "../errors/kit-error.ts";
import { useKit } from "../modal/kit-context.ts";
import { isEmail } from "../validation/formats.ts";
import { FormError } from "./form-error.tsx";

type Step = "email" | "primary" | "secondary";

/** The user's e-mail is read again this often while the view is open (spec section 9). */
const EMAIL_POLL_MS = 1_000;

/**
 * UpdateEmailWallet (spec section 4): the new address, a code sent to the current one (VERIFY_PRIMARY_OTP), then
 * a code sent to the new one (VERIFY_SECONDARY_OTP). The user's e-mail is polled every second; once it changed
 * the modal closes.
 */
export function UpdateEmailWalletView() {
  const { t } = useTranslation();
  const { kit } = useKit();
  const auth = useAuthConnector();
  const ids = useId();
  const [step, setStep] = useState<Step>("email");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // The e-mail the view opened with, read at once (not at the first tick: a quick change would be taken as the
  // starting point) and kept across re-renders that restart the poll.
  const openedWith = useRef<string | null>(undefined);
  useEffect(() => {
    if (!auth) return;
    const check = () =>
      auth.messenger.request<FrameUser>("GET_USER").then(
        (user) => {
          if (openedWith.current === undefined) openedWith.current = user.email;
          else if (user.email !== openedWith.current) kit.store.close();
        },
        () => undefined,
      );
    void check();
    const timer = setInterval(check, EMAIL_POLL_MS);
    return () => clearInterval(timer);
  }, [auth, kit]);

  if (!auth) return null;
  const submit = async () => {
    const entered = value.trim();
    if (step === "email" && !isEmail(entered)) return setError(t("modalKit.emailLogin.invalidEmail"));
    if (step !== "email" && !/^\d{6}$/.test(entered)) return setError(t("modalKit.emailLogin.otpFormat"));
    setError(undefined);
    setBusy(true);
    try {
      if (step === "email") {
        await auth.messenger.request<{ action: FrameAction }>("UPDATE_EMAIL", { email: entered });
        setStep("primary");
      } else if (step === "primary") {
        await auth.messenger.request<{ action: FrameAction }>("UPDATE_EMAIL_PRIMARY_OTP", { otp: entered });
        setStep("secondary");
      } else await auth.messenger.request("UPDATE_EMAIL_SECONDARY_OTP", { otp: entered });
      setValue("");
    } catch (cause) {
      setError(
        cause instanceof KitError ? t(cause.shortMessage, cause.values) : t("modalKit.errors.somethingWentWrong"),
      );
    } finally {
      setBusy(false);
    }
  };
  const label = step === "email" ? "modalKit.updateEmail.newEmail" : "modalKit.emailLogin.otpLabel";
  return (
    <form
      className="mk-body mk-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="mk-note">
        {t(
          step === "email"
            ? "modalKit.updateEmail.intro"
            : step === "primary"
              ? "modalKit.updateEmail.primary"
              : "modalKit.updateEmail.secondary",
        )}
      </p>
      <label htmlFor={`${ids}-value`}>{t(label)}</label>
      <input
        key={step}
        id={`${ids}-value`}
        className="mk-input"
        data-autofocus=""
        {...(step === "email"
          ? { type: "email", autoComplete: "email" }
          : { inputMode: "numeric" as const, autoComplete: "one-time-code", maxLength: 6 })}
        value={value}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${ids}-error` : undefined}
        onChange={(event) => setValue(event.currentTarget.value)}
      />
      <FormError id={`${ids}-error`} message={error} />
      <button type="submit" className="mk-button" disabled={busy} aria-busy={busy}>
        {t(step === "email" ? "modalKit.emailLogin.continue" : "modalKit.emailLogin.verify")}
      </button>
    </form>
  );
}

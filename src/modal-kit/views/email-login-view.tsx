import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConnect } from "wagmi";
import type { FrameAction } from "../../core/embedded-wallet/protocol.ts";
import { FrameReplyError } from "../embedded-wallet/embedded-wallet-errors.ts";
import { useAuthConnector } from "../embedded-wallet/use-auth-connector.ts";
import { KitError } from "../errors/kit-error.ts";
import { useKit } from "../modal/kit-context.ts";
import type { RouteData } from "../router/views.ts";
import { FormError } from "./form-error.tsx";

type Step = "sending" | "device" | "otp" | "connecting";

/** At most one device-approval check a second, whatever the server's wait. */
const DEVICE_POLL_MS = 1_000;

/** The text of a failed step: the throttle's wait, a kit error's own text, or the generic one. */
function useErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (error instanceof FrameReplyError && error.retryAfterSeconds !== undefined)
        return t("modalKit.errors.emailThrottled", { seconds: error.retryAfterSeconds });
      if (error instanceof KitError) return t(error.shortMessage, error.values);
      return t("modalKit.errors.somethingWentWrong");
    },
    [t],
  );
}

/**
 * E-mail login (spec section 4's embedded wallet connect flow): the frame sends the login e-mail; a new device
 * first waits for the approval link (VERIFY_DEVICE, re-asked until approved), then the 6-digit code
 * (VERIFY_OTP), then the wallet connects through the AUTH connector and the modal closes. A failed send (such as
 * the 30 s throttle) says why and offers to try again.
 */
export function EmailLoginView({ data }: { readonly data: RouteData }) {
  const { t } = useTranslation();
  const { kit } = useKit();
  const auth = useAuthConnector();
  const connect = useConnect();
  const errorText = useErrorText();
  const ids = useId();
  const email = data.email ?? "";
  const [step, setStep] = useState<Step>("sending");
  const [error, setError] = useState<string>();
  const [otp, setOtp] = useState("");
  // Each attempt sends the login e-mail once ("Try again" starts the next one).
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  // Sent once per view, even when React runs the effect twice (StrictMode); answers after unmount are dropped.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    if (auth && started.current !== attempt) {
      started.current = attempt;
      const run = async () => {
        let { action } = await auth.messenger.request<{ action: FrameAction }>("CONNECT_EMAIL", { email });
        while (mounted.current && action === "VERIFY_DEVICE") {
          setStep("device");
          const asked = Date.now();
          ({ action } = await auth.messenger.request<{ action: FrameAction }>("CONNECT_DEVICE", { email }));
          // The server holds each call while it waits; one that answers at once is asked again after a second.
          const early = DEVICE_POLL_MS - (Date.now() - asked);
          if (action === "VERIFY_DEVICE" && early > 0) await new Promise((resolve) => setTimeout(resolve, early));
        }
        if (mounted.current) setStep("otp");
      };
      run().catch((cause: unknown) => mounted.current && setError(errorText(cause)));
    }
    return () => {
      mounted.current = false;
    };
  }, [auth, email, errorText, attempt]);

  // The e-mail wallet's connector is not (or no longer) in the kit: spec section 8's 'No auth connector found'.
  if (!auth)
    return (
      <div className="mk-body mk-center">
        <p className="mk-status" role="alert">
          {t("modalKit.errors.noAuthConnector")}
        </p>
      </div>
    );

  const submit = async () => {
    if (!/^\d{6}$/.test(otp)) return setError(t("modalKit.emailLogin.otpFormat"));
    setError(undefined);
    setStep("connecting");
    try {
      await auth.messenger.request("CONNECT_OTP", { otp });
      await connect.mutateAsync({ connector: auth.connector });
      kit.store.close();
    } catch (cause) {
      setStep("otp");
      setError(errorText(cause));
    }
  };

  const errorLine = <FormError id={`${ids}-error`} message={error} />;
  if (step === "otp" || step === "connecting")
    return (
      <form
        className="mk-body mk-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="mk-note">{t("modalKit.emailLogin.otpSent", { email })}</p>
        <label htmlFor={`${ids}-otp`}>{t("modalKit.emailLogin.otpLabel")}</label>
        <input
          id={`${ids}-otp`}
          className="mk-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          data-autofocus=""
          value={otp}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(event) => setOtp(event.currentTarget.value.replace(/\D/g, ""))}
        />
        {errorLine}
        <button type="submit" className="mk-button" disabled={step === "connecting"} aria-busy={step === "connecting"}>
          {t(step === "connecting" ? "modalKit.emailLogin.connecting" : "modalKit.emailLogin.verify")}
        </button>
      </form>
    );
  return (
    <div className="mk-body mk-center">
      {error ? (
        <>
          {errorLine}
          <button
            type="button"
            className="mk-button"
            data-autofocus=""
            onClick={() => {
              setError(undefined);
              setStep("sending");
              setAttempt((value) => value + 1);
            }}
          >
            {t("modalKit.connecting.retry")}
          </button>
        </>
      ) : (
        <p className="mk-status" role="status">
          {step === "device" ? t("modalKit.emailLogin.checkDevice", { email }) : t("modalKit.emailLogin.sending")}
        </p>
      )}
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { isUserRejection } from "../errors/provider-errors.ts";
import { useKit } from "../modal/kit-context.ts";
import { formatCountdown } from "./pairing-expiry.ts";
import type { PairingConnection } from "./use-pairing-connection.ts";

/** The pairing's status line: why it failed, else the visible countdown to the URI's expiry. */
export function PairingStatus({ connection }: { readonly connection: PairingConnection }) {
  const { t } = useTranslation();
  const { failed, error, pairing, secondsLeft } = connection;
  return (
    <p className="mk-status" role={failed ? "alert" : "status"}>
      {failed
        ? t(isUserRejection(error) ? "modalKit.errors.connectionRejected" : "modalKit.errors.failedToConnect")
        : pairing
          ? t("modalKit.walletConnect.expiresIn", { time: formatCountdown(secondsLeft) })
          : t("modalKit.walletConnect.preparing")}
    </p>
  );
}

/** Copies the pairing URI (for a wallet on another device), with a toast saying whether it worked. */
export function CopyPairingLinkButton({ uri }: { readonly uri: string }) {
  const { t } = useTranslation();
  const { toasts } = useKit();
  return (
    <button
      type="button"
      className="mk-link-button"
      onClick={() =>
        void navigator.clipboard?.writeText(uri).then(
          () => toasts.show({ variant: "success", textKey: "modalKit.walletConnect.copied" }),
          () => toasts.show({ variant: "error", textKey: "modalKit.account.copyFailed" }),
        )
      }
    >
      {t("modalKit.walletConnect.copyLink")}
    </button>
  );
}

/** "Try again" after a failed pairing. */
export function RetryPairingButton({ connection }: { readonly connection: PairingConnection }) {
  const { t } = useTranslation();
  return connection.failed ? (
    <button type="button" className="mk-button" onClick={connection.attempt}>
      {t("modalKit.connecting.retry")}
    </button>
  ) : null;
}

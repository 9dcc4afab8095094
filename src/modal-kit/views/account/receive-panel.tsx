import { useTranslation } from "react-i18next";
import { useKit } from "../../modal/kit-context.ts";
import { PairingQr } from "../../walletconnect/pairing-qr.tsx";

/** Receive: the address as a QR code and in full, with copy. */
export function ReceivePanel({ address }: { readonly address: string }) {
  const { t } = useTranslation();
  const { toasts } = useKit();
  return (
    <div className="mk-body mk-center">
      <PairingQr uri={address} label={t("modalKit.receive.qrLabel")} />
      <p className="mk-address mk-address-full" data-testid="mk-receive-address">
        {address}
      </p>
      <p className="mk-note">{t("modalKit.receive.help")}</p>
      <button
        type="button"
        className="mk-button"
        onClick={() =>
          void navigator.clipboard?.writeText(address).then(
            () => toasts.show({ variant: "success", textKey: "modalKit.account.copied" }),
            () => toasts.show({ variant: "error", textKey: "modalKit.account.copyFailed" }),
          )
        }
      >
        {t("modalKit.account.copyAddress")}
      </button>
    </div>
  );
}

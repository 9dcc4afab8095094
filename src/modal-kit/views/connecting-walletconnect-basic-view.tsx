import { useTranslation } from "react-i18next";
import { useKit } from "../modal/kit-context.ts";
import { CopyPairingLinkButton, PairingStatus, RetryPairingButton } from "../walletconnect/pairing-controls.tsx";
import { PairingQr } from "../walletconnect/pairing-qr.tsx";
import { usePairingConnection } from "../walletconnect/use-pairing-connection.ts";

/**
 * The basic pairing view (spec section 2), opened on desktop when the kit has no adapters or the host controls
 * the connection: a QR code any WalletConnect wallet can scan, its countdown with the automatic refresh, copy
 * link, and the way to the full wallet list. Once paired the router shows Account.
 */
export function ConnectingWalletConnectBasicView() {
  const { t } = useTranslation();
  const { kit, catalogue } = useKit();
  const connection = usePairingConnection();
  const { connector, pairing, expired } = connection;
  return (
    <div className="mk-body mk-center">
      {!connector ? (
        <p className="mk-status" role="alert">
          {t("modalKit.walletConnect.unavailable")}
        </p>
      ) : (
        <>
          {pairing && !expired ? (
            <PairingQr uri={pairing.uri} label={t("modalKit.walletConnect.qrLabel")} />
          ) : (
            <div className="mk-qr mk-qr-placeholder" aria-busy="true" />
          )}
          <PairingStatus connection={connection} />
          <p className="mk-note">{t("modalKit.walletConnect.basicHelp")}</p>
          {pairing ? <CopyPairingLinkButton uri={pairing.uri} /> : null}
          <RetryPairingButton connection={connection} />
        </>
      )}
      {catalogue && kit.options.features?.allWallets !== false ? (
        <button type="button" className="mk-button" onClick={() => kit.store.push("AllWallets")}>
          {t("modalKit.connect.allWallets")}
        </button>
      ) : null}
    </div>
  );
}

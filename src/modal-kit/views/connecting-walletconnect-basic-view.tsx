import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useConnect, useConnectors } from "wagmi";
import { isUserRejection } from "../errors/provider-errors.ts";
import { useKit } from "../modal/kit-context.ts";
import { formatCountdown } from "../walletconnect/pairing-expiry.ts";
import { PairingQr } from "../walletconnect/pairing-qr.tsx";
import { usePairingUri } from "../walletconnect/use-pairing-uri.ts";

/**
 * The basic pairing view (spec section 2), opened on desktop when the kit has no adapters or the host controls
 * the connection: a QR code any WalletConnect wallet can scan, its countdown with the automatic refresh, copy
 * link, and the way to the full wallet list. Once paired the router shows Account.
 */
export function ConnectingWalletConnectBasicView() {
  const { t } = useTranslation();
  const { kit, catalogue, toasts } = useKit();
  const connector = useConnectors().find((candidate) => candidate.id === "walletConnect");
  const connect = useConnect();
  const { pairing, secondsLeft, expired } = usePairingUri(connector);
  const started = useRef(false);
  const attempt = () => {
    if (!connector) return;
    started.current = true;
    connect.reset();
    connect.mutate({ connector });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once per connector; later attempts are refreshes
  useEffect(() => {
    if (connector && !started.current) attempt();
  }, [connector]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh exactly when the shown URI expires
  useEffect(() => {
    if (expired && connect.isPending) attempt();
  }, [expired]);

  const failed = connect.status === "error";
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
          <p className="mk-status" role={failed ? "alert" : "status"}>
            {failed
              ? t(
                  isUserRejection(connect.error)
                    ? "modalKit.errors.connectionRejected"
                    : "modalKit.errors.failedToConnect",
                )
              : pairing
                ? t("modalKit.walletConnect.expiresIn", { time: formatCountdown(secondsLeft) })
                : t("modalKit.walletConnect.preparing")}
          </p>
          <p className="mk-note">{t("modalKit.walletConnect.basicHelp")}</p>
          {pairing ? (
            <button
              type="button"
              className="mk-link-button"
              onClick={() =>
                void navigator.clipboard?.writeText(pairing.uri).then(
                  () => toasts.show({ variant: "success", textKey: "modalKit.walletConnect.copied" }),
                  () => toasts.show({ variant: "error", textKey: "modalKit.account.copyFailed" }),
                )
              }
            >
              {t("modalKit.walletConnect.copyLink")}
            </button>
          ) : null}
          {failed ? (
            <button type="button" className="mk-button" onClick={attempt}>
              {t("modalKit.connecting.retry")}
            </button>
          ) : null}
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

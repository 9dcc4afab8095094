import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useConnect, useConnectors } from "wagmi";
import { isUserRejection } from "../errors/provider-errors.ts";
import { useKit } from "../modal/kit-context.ts";
import { useCatalogueState } from "../modal/use-connect-entries.ts";
import type { RouteData } from "../router/views.ts";
import { formatCountdown } from "../walletconnect/pairing-expiry.ts";
import { PairingQr } from "../walletconnect/pairing-qr.tsx";
import { usePairingUri } from "../walletconnect/use-pairing-uri.ts";
import { walletPairingLink } from "../walletconnect/wallet-links.ts";

const isMobile = () => /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

/**
 * Pairing through WalletConnect: a QR code (with the chosen wallet's logo), a visible countdown to the URI's
 * expiry with an automatic refresh 10 s before it, copy link, and the wallet's deep link (mobile) or desktop
 * link when the catalogue has one.
 */
export function ConnectingWalletConnectView({ data }: { readonly data: RouteData }) {
  const { t } = useTranslation();
  const { kit, toasts } = useKit();
  const connector = useConnectors().find((candidate) => candidate.id === "walletConnect");
  const catalogue = useCatalogueState();
  const connect = useConnect();
  const { pairing, secondsLeft, expired } = usePairingUri(connector);
  const started = useRef(0);
  const listing = [...catalogue.featured, ...catalogue.recommended, ...catalogue.wallets].find(
    (w) => w.id === data.walletId,
  );

  const attempt = () => {
    if (!connector) return;
    started.current = Date.now();
    connect.reset();
    connect.mutate({ connector }, { onSuccess: () => kit.store.close() });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once per connector; later attempts are refreshes
  useEffect(() => {
    if (connector && started.current === 0) attempt();
  }, [connector]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh exactly when the shown URI expires
  useEffect(() => {
    if (expired && connect.isPending) attempt();
  }, [expired]);

  const link = pairing && listing ? (isMobile() ? listing.mobile_link : listing.desktop_link) : undefined;
  const failed = connect.status === "error";
  return (
    <div className="mk-body mk-center">
      {pairing && !expired ? (
        <PairingQr
          uri={pairing.uri}
          label={t("modalKit.walletConnect.qrLabel")}
          logo={listing ? (catalogue.images[listing.id] ?? listing.image_url ?? undefined) : undefined}
        />
      ) : (
        <div className="mk-qr mk-qr-placeholder" aria-busy="true" />
      )}
      <p className="mk-status" role={failed ? "alert" : "status"}>
        {failed
          ? t(isUserRejection(connect.error) ? "modalKit.errors.connectionRejected" : "modalKit.errors.failedToConnect")
          : pairing
            ? t("modalKit.walletConnect.expiresIn", { time: formatCountdown(secondsLeft) })
            : t("modalKit.walletConnect.preparing")}
      </p>
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
      {pairing && link && listing ? (
        <a className="mk-button" href={walletPairingLink(link, pairing.uri)}>
          {t("modalKit.walletConnect.open", { name: listing.name })}
        </a>
      ) : null}
      {failed ? (
        <button type="button" className="mk-button" onClick={attempt}>
          {t("modalKit.connecting.retry")}
        </button>
      ) : null}
    </div>
  );
}

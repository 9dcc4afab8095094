import { useTranslation } from "react-i18next";
import { useKit } from "../modal/kit-context.ts";
import { useCatalogueState } from "../modal/use-catalogue.ts";
import type { RouteData } from "../router/views.ts";
import { CopyPairingLinkButton, PairingStatus, RetryPairingButton } from "../walletconnect/pairing-controls.tsx";
import { PairingQr } from "../walletconnect/pairing-qr.tsx";
import { usePairingConnection } from "../walletconnect/use-pairing-connection.ts";
import { walletPairingLink } from "../walletconnect/wallet-links.ts";

const isMobile = () => /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

/**
 * Pairing through WalletConnect: a QR code (with the chosen wallet's logo), a visible countdown to the URI's
 * expiry with an automatic refresh 10 s before it, copy link, and the wallet's deep link (mobile) or desktop
 * link when the catalogue has one.
 */
export function ConnectingWalletConnectView({ data }: { readonly data: RouteData }) {
  const { t } = useTranslation();
  const { kit } = useKit();
  const catalogue = useCatalogueState();
  const connection = usePairingConnection(() => kit.store.close());
  const { pairing, expired } = connection;
  const listing = [...catalogue.featured, ...catalogue.recommended, ...catalogue.wallets].find(
    (w) => w.id === data.walletId,
  );
  // Only https or an approved wallet app scheme becomes a link (walletPairingLink refuses the rest).
  const link =
    pairing && listing
      ? walletPairingLink(isMobile() ? listing.mobile_link : listing.desktop_link, pairing.uri)
      : undefined;
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
      <PairingStatus connection={connection} />
      {pairing ? <CopyPairingLinkButton uri={pairing.uri} /> : null}
      {link && listing ? (
        <a className="mk-button" href={link}>
          {t("modalKit.walletConnect.open", { name: listing.name })}
        </a>
      ) : null}
      <RetryPairingButton connection={connection} />
    </div>
  );
}

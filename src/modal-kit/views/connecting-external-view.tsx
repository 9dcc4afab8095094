import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useConnect, useConnectors } from "wagmi";
import { safeWalletLink } from "../../core/wallet-catalogue/wallet-link-policy.ts";
import { trackConnectAttempt } from "../analytics/connect-events.ts";
import { addRecentWallet } from "../connectors/recent-wallets.ts";
import { isUserRejection } from "../errors/provider-errors.ts";
import { useKit } from "../modal/kit-context.ts";
import { useCatalogueState } from "../modal/use-catalogue.ts";
import type { RouteData } from "../router/views.ts";
import { WalletIcon } from "./wallet-icon.tsx";

/**
 * Connecting to a browser wallet: asks it at once, waits, and on failure shows the error of spec section 8
 * ("Connection rejected" when the user declined, "Failed to connect" otherwise) with a retry. A catalogue
 * wallet that is not installed gets a link to get it.
 */
export function ConnectingExternalView({ data }: { readonly data: RouteData }) {
  const { t } = useTranslation();
  const { kit } = useKit();
  const connectors = useConnectors();
  const catalogue = useCatalogueState();
  const connector = connectors.find((c) => c.id === data.connectorId);
  const connect = useConnect();
  const started = useRef<string | undefined>(undefined);

  const attempt = useCallback(() => {
    if (!connector) return;
    connect.reset();
    const tracked = trackConnectAttempt(kit.analytics, connector.name);
    connect.mutate(
      { connector },
      {
        onError: tracked.onError,
        onSuccess: (result) => {
          tracked.onSuccess(result);
          const rdns = typeof connector.rdns === "string" ? connector.rdns : connector.rdns?.[0];
          addRecentWallet({ id: connector.id, name: connector.name, ...(rdns ? { rdns } : {}) });
          kit.store.close();
        },
      },
    );
  }, [connector, connect, kit]);

  useEffect(() => {
    if (connector && started.current !== connector.id) {
      started.current = connector.id;
      attempt();
    }
  }, [connector, attempt]);

  if (!connector && data.connectorId !== undefined) {
    // The connector picked went away (its extension was removed or disabled): spec section 8's error.
    return (
      <div className="mk-body mk-center">
        <p className="mk-status" role="alert">
          {t("modalKit.errors.noConnectorFound", { id: data.connectorId })}
        </p>
      </div>
    );
  }
  if (!connector) {
    const listing = [
      ...catalogue.featured,
      ...catalogue.recommended,
      ...catalogue.wallets,
      ...catalogue.searchResults,
    ].find((wallet) => wallet.id === data.walletId);
    const name = listing?.name ?? data.walletId ?? "";
    // The first of the listing's links that is https or an approved wallet app scheme; never javascript:, data:, ...
    const link = [listing?.webapp_link, listing?.desktop_link, listing?.mobile_link]
      .map((candidate) => safeWalletLink(candidate))
      .find((candidate) => candidate !== undefined);
    return (
      <div className="mk-body mk-center">
        <WalletIcon
          name={name}
          src={listing ? (catalogue.images[listing.id] ?? listing.image_url ?? undefined) : undefined}
          size={64}
        />
        <p className="mk-status">{t("modalKit.connecting.notInstalled", { name })}</p>
        {link ? (
          <a className="mk-button" href={link} target="_blank" rel="noreferrer">
            {t("modalKit.connecting.getWallet", { name })}
          </a>
        ) : null}
      </div>
    );
  }

  const failed = connect.status === "error";
  return (
    <div className="mk-body mk-center">
      <WalletIcon name={connector.name} src={connector.icon} size={64} />
      <p className="mk-status" role={failed ? "alert" : "status"}>
        {failed
          ? t(isUserRejection(connect.error) ? "modalKit.errors.connectionRejected" : "modalKit.errors.failedToConnect")
          : t("modalKit.connecting.waiting", { name: connector.name })}
      </p>
      {failed ? null : <p className="mk-note">{t("modalKit.connecting.waitingHelp")}</p>}
      {failed ? (
        <button type="button" className="mk-button" data-autofocus="" onClick={attempt}>
          {t("modalKit.connecting.retry")}
        </button>
      ) : null}
    </div>
  );
}

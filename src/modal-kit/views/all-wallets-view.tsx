import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { installedFirst } from "../catalogue/installed-first.ts";
import type { WalletListing } from "../catalogue/wallet-listing.ts";
import { useKit } from "../modal/kit-context.ts";
import { useCatalogueState, useKitConnectors } from "../modal/use-connect-entries.ts";
import { VirtualGrid } from "./virtual-grid.tsx";
import { WalletIcon } from "./wallet-icon.tsx";

const COLUMNS = 4;
const ROW_HEIGHT = 96;
const GRID_HEIGHT = 384;

/** Every wallet of the catalogue, installed ones first, searchable, in a virtualized grid. */
export function AllWalletsView() {
  const { t } = useTranslation();
  const { kit, catalogue } = useKit();
  const state = useCatalogueState();
  const connectors = useKitConnectors();
  const installedRdns = useMemo(
    () => new Set(connectors.flatMap((c) => (c.info?.rdns && c.type !== "WALLET_CONNECT" ? [c.info.rdns] : []))),
    [connectors],
  );
  useEffect(() => {
    if (catalogue && catalogue.getState().page === 0) void catalogue.loadNextPage();
    return () => catalogue?.setSearch("");
  }, [catalogue]);
  const wallets = state.searchResults ?? installedFirst(state.wallets, { rdns: installedRdns });
  const choose = (wallet: WalletListing) => {
    const connector = wallet.rdns ? connectors.find((c) => c.info?.rdns === wallet.rdns) : undefined;
    if (connector) kit.store.push("ConnectingExternal", { connectorId: connector.id });
    else
      kit.store.push(kit.options.projectId ? "ConnectingWalletConnect" : "ConnectingExternal", { walletId: wallet.id });
  };
  const loading = "loading" in state && state.loading;
  const searching = "searching" in state && state.searching;
  return (
    <div className="mk-body">
      <input
        type="search"
        className="mk-search"
        data-autofocus=""
        placeholder={t("modalKit.allWallets.search")}
        aria-label={t("modalKit.allWallets.searchLabel")}
        onChange={(event) => catalogue?.setSearch(event.target.value)}
      />
      <p className="mk-note" aria-live="polite">
        {"error" in state && state.error && wallets.length === 0
          ? t("modalKit.errors.fetchWallets")
          : searching || (loading && wallets.length === 0)
            ? t("modalKit.allWallets.loading")
            : wallets.length === 0
              ? t("modalKit.allWallets.empty")
              : null}
      </p>
      <VirtualGrid
        items={wallets}
        columns={COLUMNS}
        rowHeight={ROW_HEIGHT}
        height={GRID_HEIGHT}
        label={t("modalKit.allWallets.title")}
        itemKey={(wallet) => wallet.id}
        onNearEnd={() => {
          if (!state.searchResults) void catalogue?.loadNextPage();
        }}
        renderItem={(wallet) => (
          <button type="button" className="mk-tile" onClick={() => choose(wallet)}>
            <WalletIcon name={wallet.name} src={state.images[wallet.id] ?? wallet.image_url ?? undefined} />
            <span className="mk-tile-name">{wallet.name}</span>
            {wallet.rdns && installedRdns.has(wallet.rdns) ? (
              <span className="mk-tag">{t("modalKit.allWallets.installed")}</span>
            ) : null}
          </button>
        )}
      />
    </div>
  );
}

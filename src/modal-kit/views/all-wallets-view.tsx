import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { installedFirst } from "../catalogue/installed-first.ts";
import type { WalletListing } from "../catalogue/wallet-listing.ts";
import { useKit } from "../modal/kit-context.ts";
import { useWalletImages, useWalletPages, useWalletSearch } from "../modal/use-catalogue.ts";
import { useKitConnectors } from "../modal/use-connect-entries.ts";
import { VirtualGrid } from "./virtual-grid.tsx";
import { WalletIcon } from "./wallet-icon.tsx";

const COLUMNS = 4;
const ROW_HEIGHT = 96;
const GRID_HEIGHT = 384;

/** Every wallet of the catalogue, installed ones first, searchable, in a virtualized grid. */
export function AllWalletsView() {
  const { t } = useTranslation();
  const { kit } = useKit();
  const [text, setText] = useState("");
  const pages = useWalletPages();
  const search = useWalletSearch(text);
  const images = useWalletImages();
  const connectors = useKitConnectors();
  const installedRdns = useMemo(
    () => new Set(connectors.flatMap((c) => (c.info?.rdns && c.type !== "WALLET_CONNECT" ? [c.info.rdns] : []))),
    [connectors],
  );
  const wallets = search.results ?? installedFirst(pages.wallets, { rdns: installedRdns });
  const choose = (wallet: WalletListing) => {
    const connector = wallet.rdns ? connectors.find((c) => c.info?.rdns === wallet.rdns) : undefined;
    if (connector) kit.store.push("ConnectingExternal", { connectorId: connector.id });
    else
      kit.store.push(kit.options.projectId ? "ConnectingWalletConnect" : "ConnectingExternal", { walletId: wallet.id });
  };
  const error = text.trim() === "" ? pages.error : search.error;
  return (
    <div className="mk-body">
      <input
        type="search"
        className="mk-search"
        data-autofocus=""
        placeholder={t("modalKit.allWallets.search")}
        aria-label={t("modalKit.allWallets.searchLabel")}
        onChange={(event) => setText(event.target.value)}
      />
      <p className="mk-note" aria-live="polite">
        {error && wallets.length === 0
          ? t("modalKit.errors.fetchWallets")
          : search.searching || (pages.loading && wallets.length === 0)
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
          if (!search.results) pages.loadMore();
        }}
        renderItem={(wallet) => (
          <button type="button" className="mk-tile" onClick={() => choose(wallet)}>
            <WalletIcon name={wallet.name} src={images[wallet.id] ?? wallet.image_url ?? undefined} />
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

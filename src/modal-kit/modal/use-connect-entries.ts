import { useMemo } from "react";
import { useConnectors } from "wagmi";
import type { WalletListing } from "../catalogue/wallet-listing.ts";
import { type ConnectEntry, type ConnectSection, orderConnectEntries } from "../connectors/connect-order.ts";
import type { KitConnector } from "../connectors/kit-connector.ts";
import { mergeConnectors } from "../connectors/merge-connectors.ts";
import { readRecentWallets } from "../connectors/recent-wallets.ts";
import { useFeatures } from "../features/use-features.ts";
import { toKitConnector } from "./to-kit-connector.ts";
import { useFeaturedWallets, useWalletImages } from "./use-catalogue.ts";

/** The wallet connectors of this browser, merged and de-duplicated. */
export function useKitConnectors(): KitConnector[] {
  const connectors = useConnectors();
  return useMemo(() => mergeConnectors(connectors.map(toKitConnector)), [connectors]);
}

const fromListing =
  (section: ConnectSection, images: Readonly<Record<string, string>>) =>
  (wallet: WalletListing): ConnectEntry => ({
    section,
    id: wallet.id,
    walletId: wallet.id,
    name: wallet.name,
    ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
    ...(images[wallet.id] ? { imageUrl: images[wallet.id] } : {}),
  });

/** The rows of the Connect view, in the configured section order, each wallet once; loads the featured wallets. */
export function useConnectEntries(): ConnectEntry[] {
  const connectors = useKitConnectors();
  const { featured, recommended } = useFeaturedWallets();
  const images = useWalletImages();
  const { connectorTypeOrder } = useFeatures().features;
  return useMemo(() => {
    const entry = (section: ConnectSection, connector: KitConnector): ConnectEntry => ({
      section,
      id: connector.id,
      name: connector.name,
      installed: connector.type !== "WALLET_CONNECT",
      ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
      ...(connector.imageUrl ? { imageUrl: connector.imageUrl } : {}),
    });
    const announced = connectors.filter((c) => c.type === "ANNOUNCED" || c.type === "MULTI_CHAIN");
    const generic = announced.length === 0 ? connectors.filter((c) => c.type === "INJECTED") : [];
    const recent = readRecentWallets()
      .map((wallet) => connectors.find((c) => c.id === wallet.id || (wallet.rdns && c.info?.rdns === wallet.rdns)))
      .filter((c): c is KitConnector => c !== undefined);
    return orderConnectEntries(
      {
        walletConnect: connectors.filter((c) => c.type === "WALLET_CONNECT").map((c) => entry("walletConnect", c)),
        recent: recent.map((c) => entry("recent", c)),
        injected: [...announced, ...generic].map((c) => entry("injected", c)),
        featured: featured.map(fromListing("featured", images)),
        external: connectors.filter((c) => c.type === "EXTERNAL").map((c) => entry("external", c)),
        recommended: recommended.map(fromListing("recommended", images)),
      },
      connectorTypeOrder,
    );
  }, [connectors, featured, recommended, images, connectorTypeOrder]);
}

import { QueryClientProvider } from "@tanstack/react-query";
import { memo, useEffect, useMemo } from "react";
import { createPortal } from "react-dom";
import { type Config, WagmiProvider } from "wagmi";
import { createKitQueryClient } from "../account/query-persistence.ts";
import { createCatalogueClient } from "../catalogue/catalogue-client.ts";
import { createWalletCatalogue } from "../catalogue/wallet-catalogue.ts";
import { EmbeddedWalletSync } from "../embedded-wallet/embedded-wallet-sync.tsx";
import type { ModalKit } from "../kit/create-modal-kit.ts";
import { SignInSync } from "../sign-in/sign-in-sync.tsx";
import { useStore } from "../store/use-store.ts";
import { createToastStore } from "../toast/toast-store.ts";
import { ToastView } from "../toast/toast-view.tsx";
import { ConnectionSync } from "./connection-sync.tsx";
import { KitContext, type KitContextValue } from "./kit-context.ts";
import { ModalDialog } from "./modal-dialog.tsx";
import { ProfileNameSync } from "./profile-name-sync.tsx";
import "./modal-kit.css";

/** The dialog while the modal is open: its own component, so opening and closing re-render only this. */
function OpenDialog({ kit }: { readonly kit: ModalKit }) {
  const open = useStore(kit.store, (state) => state.open);
  return open ? <ModalDialog /> : null;
}

/**
 * The lazily loaded part of the kit: wagmi, the wallet catalogue and the dialog with its views. `config` is
 * the kit's wagmi config (kit.loadWagmiConfig), loaded beside this code by loadModal.
 * It renders once per kit and config (memo; nothing here reads changing state): wagmi's provider starts a
 * reconnect on every render, and a reconnect that overlaps a chain switch or a disconnect puts the
 * connection back as it was.
 */
function ModalRoot({ kit, config }: { readonly kit: ModalKit; readonly config: Config }) {
  // The Account view's names, identity and balances are kept in local storage across reloads and kits.
  const queryClient = useMemo(() => createKitQueryClient(), []);
  const context = useMemo<KitContextValue>(() => {
    const { catalogueBaseUrl, projectId, wallets, networks, version } = kit.options;
    const catalogue = catalogueBaseUrl
      ? createWalletCatalogue({
          client: createCatalogueClient({
            baseUrl: catalogueBaseUrl,
            projectId: projectId ?? "self-hosted",
            sdkType: "modal-kit",
            sdkVersion: version ?? "1",
          }),
          featuredIds: wallets?.featured ?? [],
          includeIds: wallets?.include ?? [],
          excludeIds: wallets?.exclude ?? [],
          chains: networks.map((chain) => `eip155:${chain.id}`),
        })
      : undefined;
    return { kit, catalogue, toasts: createToastStore() };
  }, [kit]);
  // The remote flags and the allowed origins are read once, when the modal's code first runs.
  useEffect(() => void kit.features.load(), [kit]);
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <KitContext.Provider value={context}>
          <ConnectionSync kit={kit} />
          <ProfileNameSync kit={kit} />
          <SignInSync kit={kit} />
          <EmbeddedWalletSync kit={kit} />
          <OpenDialog kit={kit} />
          {createPortal(<ToastView toasts={context.toasts} />, document.body)}
        </KitContext.Provider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}

export default memo(ModalRoot);

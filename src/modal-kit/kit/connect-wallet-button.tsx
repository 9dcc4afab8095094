import { type ComponentType, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Config } from "wagmi";
import { shortAddress } from "../format/format-balance.ts";
import type { ModalKit } from "./create-modal-kit.ts";
import { useKitConnection } from "./use-kit-connection.ts";

type ModalRootComponent = ComponentType<{ readonly kit: ModalKit; readonly config: Config }>;

/** The modal's code and the kit's wagmi config, ready to render. */
export interface LoadedModal {
  readonly ModalRoot: ModalRootComponent;
  readonly config: Config;
}

let loadingRoot: Promise<ModalRootComponent> | undefined;
const loadedModals = new WeakMap<ModalKit, Promise<LoadedModal>>();
/**
 * Loads the modal's code (once for the page) and, beside it, the kit's wagmi config (with the WalletConnect
 * connector only when a project id is set). Later calls for the same kit share the same promise; a failed
 * load is not remembered.
 */
export const loadModal = (kit: ModalKit): Promise<LoadedModal> => {
  let loaded = loadedModals.get(kit);
  if (!loaded) {
    loadingRoot ??= Promise.all([
      import("../modal/modal-root.tsx"),
      // The client of the remote flags the modal reads as it first shows: with the modal's code, so a click
      // after a preload fetches no code before the dialog shows.
      import("../features/settings-client.ts"),
    ]).then(([module]) => module.default);
    loaded = Promise.all([loadingRoot, kit.loadWagmiConfig()]).then(([ModalRoot, config]) => ({ ModalRoot, config }));
    loaded.catch(() => loadedModals.delete(kit));
    loadedModals.set(kit, loaded);
  }
  return loaded;
};

/** wagmi remembers the last connector under this key: then the kit loads at once to reconnect. */
const hadConnection = () => {
  try {
    return Boolean(globalThis.localStorage?.getItem("wagmi.recentConnectorId"));
  } catch {
    return false;
  }
};

export interface ConnectWalletButtonProps {
  readonly kit: ModalKit;
  readonly className?: string;
}

/**
 * The host's "Connect wallet" button. It is tiny: the modal (wagmi, views, styles) is loaded the first time it
 * is clicked, and fetched early when the pointer (a finger too) or focus comes near, so a click shows the dialog
 * without waiting for code. Not when the page is idle: evaluating the modal's code and wagmi's config is main-thread
 * work that would land in the page's start, where phones feel it. Connected, it shows the account's profile name
 * (its registered name, once the kit has read it) or else the short address; the full address is its title.
 * The code is loaded with a plain promise and state rather than React.lazy: a Suspense boundary would hold
 * the first reveal back by React's 300 ms fallback throttle.
 */
export function ConnectWalletButton({ kit, className }: ConnectWalletButtonProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<LoadedModal | undefined>(undefined);
  // Set once the code and wagmi's config (with its connectors) have loaded: `data-modal-ready` on the button.
  const [ready, setReady] = useState(false);
  const preload = useCallback(() => {
    void loadModal(kit).then(() => setReady(true));
  }, [kit]);
  const connection = useKitConnection(kit);
  const load = useCallback(() => {
    void loadModal(kit).then(setLoaded);
  }, [kit]);
  useEffect(() => {
    if (hadConnection()) load();
    // The host may open the kit from elsewhere (a stake form's "Connect wallet"): load the modal then too.
    if (kit.store.getState().open) load();
    return kit.store.subscribe(() => {
      if (kit.store.getState().open) load();
    });
  }, [kit, load]);
  return (
    <>
      <button
        type="button"
        className={className}
        data-modal-kit-button=""
        data-modal-ready={ready || loaded ? "" : undefined}
        data-account-address={connection.address}
        title={connection.address}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          kit.open();
          load();
        }}
      >
        {/* A span, so that a host can shorten a long name with an ellipsis (a flex button's bare text cannot). */}
        <span data-modal-kit-label="">
          {connection.address
            ? (connection.profileName ?? shortAddress(connection.address))
            : t("modalKit.connectButton.connect")}
        </span>
      </button>
      {loaded ? <loaded.ModalRoot kit={kit} config={loaded.config} /> : null}
    </>
  );
}

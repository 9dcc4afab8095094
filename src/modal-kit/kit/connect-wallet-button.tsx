import { type ComponentType, useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { shortAddress } from "../format/format-balance.ts";
import type { ModalKit } from "./create-modal-kit.ts";

type ModalRootComponent = ComponentType<{ readonly kit: ModalKit }>;

let loading: Promise<ModalRootComponent> | undefined;
/** Loads the modal's code once; later calls share the same promise. */
export const loadModalRoot = (): Promise<ModalRootComponent> => {
  loading ??= import("../modal/modal-root.tsx").then((module) => module.default);
  return loading;
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
 * is clicked, and fetched early when the pointer or focus comes near. Connected, it shows the short address.
 * The code is loaded with a plain promise and state rather than React.lazy: a Suspense boundary would hold
 * the first reveal back by React's 300 ms fallback throttle.
 */
export function ConnectWalletButton({ kit, className }: ConnectWalletButtonProps) {
  const { t } = useTranslation();
  const [ModalRoot, setModalRoot] = useState<ModalRootComponent | undefined>(undefined);
  const connection = useSyncExternalStore(kit.connection.subscribe, kit.connection.get, kit.connection.get);
  const load = useCallback(() => {
    void loadModalRoot().then((component) => setModalRoot(() => component));
  }, []);
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
        onPointerEnter={() => void loadModalRoot()}
        onFocus={() => void loadModalRoot()}
        onClick={() => {
          kit.open();
          load();
        }}
      >
        {connection.address ? shortAddress(connection.address) : t("modalKit.connectButton.connect")}
      </button>
      {ModalRoot ? <ModalRoot kit={kit} /> : null}
    </>
  );
}

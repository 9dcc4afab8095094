import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { shortAddress } from "../format/format-balance.ts";
import type { ModalKit } from "./create-modal-kit.ts";

const loadModalRoot = () => import("../modal/modal-root.tsx");

/** wagmi remembers the last connector under this key: then the kit loads at once to reconnect. */
const hadConnection = () => {
  try {
    return Boolean(globalThis.localStorage?.getItem("wagmi.recentConnectorId"));
  } catch {
    return false;
  }
};
const ModalRoot = lazy(loadModalRoot);

export interface ConnectWalletButtonProps {
  readonly kit: ModalKit;
  readonly className?: string;
}

/**
 * The host's "Connect wallet" button. It is tiny: the modal (wagmi, views, styles) is loaded the first time it
 * is clicked, and fetched early when the pointer or focus comes near. Connected, it shows the short address.
 */
export function ConnectWalletButton({ kit, className }: ConnectWalletButtonProps) {
  const { t } = useTranslation();
  const [requested, setRequested] = useState(hadConnection);
  const connection = useSyncExternalStore(kit.connection.subscribe, kit.connection.get, kit.connection.get);
  const prefetch = () => void loadModalRoot();
  return (
    <>
      <button
        type="button"
        className={className}
        data-modal-kit-button=""
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setRequested(true);
          kit.open();
        }}
      >
        {connection.address ? shortAddress(connection.address) : t("modalKit.connectButton.connect")}
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <ModalRoot kit={kit} />
        </Suspense>
      ) : null}
    </>
  );
}

import { createContext, type ReactNode, useContext } from "react";
import { createStore } from "../../core/store/create-store.ts";
import { useStore } from "../../lib/store/use-store.ts";
import type { ConnectionFacts, ModalKit } from "../../modal-kit/index.ts";

/**
 * How screens reach the connected wallet: the host app provides its modal kit here, and features read the
 * connection, open the kit's "Connect wallet" flow, or load the shared wagmi config to send transactions.
 * Features never import the app: this context is the seam.
 */
const WalletKitContext = createContext<ModalKit | undefined>(undefined);

export function WalletKitProvider({
  kit,
  children,
}: {
  readonly kit: ModalKit | undefined;
  readonly children: ReactNode;
}) {
  return <WalletKitContext.Provider value={kit}>{children}</WalletKitContext.Provider>;
}

/** The host's modal kit, or undefined when this build has no EVM network. */
export function useWalletKit(): ModalKit | undefined {
  return useContext(WalletKitContext);
}

const DISCONNECTED: ConnectionFacts = {
  isConnected: false,
  address: undefined,
  chainId: undefined,
  namespace: undefined,
  profileName: undefined,
};
/** Stands in for the kit's connection while no kit is given. */
const NO_KIT_CONNECTION = createStore(DISCONNECTED);

/** The connected address and chain, re-rendering when either changes. */
export function useWalletConnection(): ConnectionFacts {
  const kit = useWalletKit();
  return useStore(kit?.connection ?? NO_KIT_CONNECTION);
}

import { useEffect } from "react";
import { useConnection } from "wagmi";
import type { ModalKit } from "../kit/create-modal-kit.ts";

/**
 * Tells the kit (router, header button) when a wallet connects, switches account or disconnects, and opens
 * UnsupportedChain when the wallet moves to a network that is not configured (spec section 4), unless the host
 * disabled network switching or allows unsupported chains.
 */
export function ConnectionSync({ kit }: { readonly kit: ModalKit }) {
  const connection = useConnection();
  const { chain, chainId } = connection;
  // While wagmi reconnects after a reload, its connection is the one read back from storage (and wagmi calls it
  // connected): an address with a stand-in connector that cannot disconnect or switch chains. The kit shows a
  // wallet only once the reconnect has made it live.
  const isConnected = connection.status === "connected";
  const address = isConnected ? connection.address : undefined;
  useEffect(() => {
    kit.connection.setState({ isConnected, address, chainId, namespace: isConnected ? "eip155" : undefined });
  }, [kit, address, chainId, isConnected]);
  const unsupported = isConnected && chainId !== undefined && chain === undefined;
  useEffect(() => {
    const { networkSwitching, allowUnsupportedChain } = kit.options.features ?? {};
    if (!unsupported || networkSwitching === false || allowUnsupportedChain) return;
    kit.open({ view: "UnsupportedChain" });
    return () => {
      const top = kit.store.getState().history.at(-1);
      if (top?.view === "UnsupportedChain") kit.store.replace("Account");
    };
  }, [kit, unsupported]);
  return null;
}

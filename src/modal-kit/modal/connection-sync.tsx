import { useEffect } from "react";
import { useConnection } from "wagmi";
import type { ModalKit } from "../kit/create-modal-kit.ts";

/** Tells the kit (router, header button) when a wallet connects, switches account or disconnects. */
export function ConnectionSync({ kit }: { readonly kit: ModalKit }) {
  const { address, isConnected } = useConnection();
  useEffect(() => {
    kit.connection.set({ isConnected, address, namespace: isConnected ? "eip155" : undefined });
  }, [kit, address, isConnected]);
  return null;
}

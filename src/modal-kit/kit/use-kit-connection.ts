import { useStore } from "../store/use-store.ts";
import type { ConnectionFacts } from "./connection-facts.ts";
import type { ModalKit } from "./create-modal-kit.ts";

/**
 * The kit's connection in React: whether a wallet is connected, its address, chain id, namespace and profile
 * name. The component renders again when the wallet connects, switches account or network, or disconnects.
 */
export function useKitConnection(kit: ModalKit): ConnectionFacts {
  return useStore(kit.connection);
}

import { createStore, type Store } from "../../core/store/create-store.ts";
import type { ChainNamespace } from "../router/views.ts";

/** What the host's button and the router need to know about the connection. */
export interface ConnectionFacts {
  readonly isConnected: boolean;
  readonly address: string | undefined;
  readonly chainId: number | undefined;
  readonly namespace: ChainNamespace | undefined;
}

/** The connection as the kit last saw it; setting the same facts again tells no one. */
export type ConnectionFactsStore = Store<ConnectionFacts>;

export function createConnectionFacts(): ConnectionFactsStore {
  return createStore<ConnectionFacts>({
    isConnected: false,
    address: undefined,
    chainId: undefined,
    namespace: undefined,
  });
}

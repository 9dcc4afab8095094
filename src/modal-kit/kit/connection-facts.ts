import { createStore, type Store } from "../../core/store/create-store.ts";
import type { ChainNamespace } from "../router/views.ts";

/** What the host's button and the router need to know about the connection. */
export interface ConnectionFacts {
  readonly isConnected: boolean;
  readonly address: string | undefined;
  readonly chainId: number | undefined;
  readonly namespace: ChainNamespace | undefined;
  /**
   * The connected account's profile name (spec section 3, account state `profileName`): its registered name,
   * else its identity's name; undefined until known, or when it has none. The header's button shows it.
   */
  readonly profileName: string | undefined;
}

/** The connection as the kit last saw it; setting the same facts again tells no one. */
export type ConnectionFactsStore = Store<ConnectionFacts>;

export function createConnectionFacts(): ConnectionFactsStore {
  return createStore<ConnectionFacts>({
    isConnected: false,
    address: undefined,
    chainId: undefined,
    namespace: undefined,
    profileName: undefined,
  });
}

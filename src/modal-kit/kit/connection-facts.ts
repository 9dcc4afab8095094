import type { ChainNamespace } from "../router/views.ts";

/** What the host's button and the router need to know about the connection. */
export interface ConnectionFacts {
  readonly isConnected: boolean;
  readonly address: string | undefined;
  readonly chainId: number | undefined;
  readonly namespace: ChainNamespace | undefined;
}

export interface ConnectionFactsStore {
  get(): ConnectionFacts;
  set(facts: ConnectionFacts): void;
  subscribe(listener: () => void): () => void;
}

export function createConnectionFacts(): ConnectionFactsStore {
  let facts: ConnectionFacts = { isConnected: false, address: undefined, chainId: undefined, namespace: undefined };
  const listeners = new Set<() => void>();
  return {
    get: () => facts,
    set(next) {
      if (
        next.isConnected === facts.isConnected &&
        next.address === facts.address &&
        next.chainId === facts.chainId &&
        next.namespace === facts.namespace
      )
        return;
      facts = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

import type { SignInSession } from "./sign-in-options.ts";

const key = (address: string, chainId: number) => `${address.toLowerCase()}:${chainId}`;

/** The sessions signed in during this visit, and the network of the latest one. */
export interface SessionStore {
  has(address: string | undefined, chainId: number | undefined): boolean;
  add(session: SignInSession): void;
  /** Forgets every session (the wallet disconnected and the host signed out). */
  clear(): void;
  /** The chain of the last session signed in, for "cancel switches back to the last signed-in network". */
  lastChainId(): number | undefined;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(): SessionStore {
  const sessions = new Set<string>();
  const listeners = new Set<() => void>();
  let last: number | undefined;
  return {
    has: (address, chainId) => address !== undefined && chainId !== undefined && sessions.has(key(address, chainId)),
    add(session) {
      sessions.add(key(session.address, session.chainId));
      last = session.chainId;
      for (const listener of listeners) listener();
    },
    clear() {
      sessions.clear();
      last = undefined;
      for (const listener of listeners) listener();
    },
    lastChainId: () => last,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

import { createStore, type ReadableStore } from "../../core/store/create-store.ts";
import type { SignInSession } from "./sign-in-options.ts";

const key = (address: string, chainId: number) => `${address.toLowerCase()}:${chainId}`;

/** The sessions signed in during this visit (address and chain), and the network of the latest one. */
export interface SessionState {
  /** "address:chainId", the address lower-case. */
  readonly sessions: readonly string[];
  readonly lastChainId: number | undefined;
}

/** True when the state holds a session of the address on the chain. */
export const hasSession = (state: SessionState, address: string | undefined, chainId: number | undefined) =>
  address !== undefined && chainId !== undefined && state.sessions.includes(key(address, chainId));

export interface SessionStore extends ReadableStore<SessionState> {
  has(address: string | undefined, chainId: number | undefined): boolean;
  add(session: SignInSession): void;
  /** Forgets every session (the wallet disconnected and the host signed out). */
  clear(): void;
  /** The chain of the last session signed in, for "cancel switches back to the last signed-in network". */
  lastChainId(): number | undefined;
}

export function createSessionStore(): SessionStore {
  const store = createStore<SessionState>({ sessions: [], lastChainId: undefined });
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    has: (address, chainId) => hasSession(store.getState(), address, chainId),
    add(session) {
      const signed = key(session.address, session.chainId);
      store.setState(({ sessions }) => ({
        sessions: sessions.includes(signed) ? sessions : [...sessions, signed],
        lastChainId: session.chainId,
      }));
    },
    clear() {
      store.setState({ sessions: [], lastChainId: undefined });
    },
    lastChainId: () => store.getState().lastChainId,
  };
}

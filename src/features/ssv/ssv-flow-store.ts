import { useCallback, useSyncExternalStore } from "react";
import type { SsvValidatorShares } from "../../core/ssv/verify-keyshares.ts";

/** A selected operator as the later steps need it: its id, registered key and fee (SSV wei a block). */
export interface ChosenOperator {
  readonly id: number;
  readonly publicKey: string;
  readonly fee: string;
}

/** The SSV flow's choices so far, kept across its five steps and a reload (session storage, per tab). */
export interface SsvFlowState {
  /** Ascending by id. */
  readonly operators: readonly ChosenOperator[];
  readonly days?: number;
  /** Validators the user means to add, stated on the funding step before any keyshares are uploaded. */
  readonly plannedValidators?: number;
  /** Keyshares that passed verification, sorted by nonce, for the account they were verified for. */
  readonly validators?: readonly SsvValidatorShares[];
  readonly verifiedFor?: string;
  /** Validators registered on the SSV network whose 32 ETH deposits are still to send, and their owner. */
  readonly registeredKeys?: readonly string[];
  readonly registeredFor?: string;
}

const EMPTY: SsvFlowState = { operators: [] };
const listeners = new Set<() => void>();
const cache = new Map<string, { text: string | null; state: SsvFlowState }>();

const storageKey = (scope: string) => `ssvFlow:${scope}`;

function read(scope: string): SsvFlowState {
  let text: string | null = null;
  try {
    text = globalThis.sessionStorage?.getItem(storageKey(scope)) ?? null;
  } catch {
    text = null;
  }
  const cached = cache.get(scope);
  if (cached && cached.text === text) return cached.state;
  let state = EMPTY;
  try {
    const parsed = text ? (JSON.parse(text) as SsvFlowState) : undefined;
    if (parsed && Array.isArray(parsed.operators)) state = parsed;
  } catch {
    state = EMPTY;
  }
  cache.set(scope, { text, state });
  return state;
}

function write(scope: string, state: SsvFlowState) {
  const text = JSON.stringify(state);
  try {
    globalThis.sessionStorage?.setItem(storageKey(scope), text);
  } catch {
    // Storage refused (private mode, quota): the state lives in memory until the tab closes.
  }
  cache.set(scope, { text, state });
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The flow state of one network environment (scope "ethereum:devnet") and a way to change it. Choosing other
 * operators forgets the keyshares verified for the old ones (they were split for those operators).
 */
export function useSsvFlow(scope: string): [SsvFlowState, (change: Partial<SsvFlowState>) => void] {
  const state = useSyncExternalStore(
    subscribe,
    () => read(scope),
    () => EMPTY,
  );
  const update = useCallback(
    (change: Partial<SsvFlowState>) => {
      const current = read(scope);
      const forget =
        change.operators && !("validators" in change) ? { validators: undefined, verifiedFor: undefined } : {};
      write(scope, { ...current, ...forget, ...change });
    },
    [scope],
  );
  return [state, update];
}

import { useCallback, useEffect } from "react";
import type { SsvValidatorShares } from "../../core/ssv/verify-keyshares.ts";
import { createStore, type Store } from "../../core/store/create-store.ts";
import { browserStorage } from "../../lib/store/browser-storage.ts";
import { useStore } from "../../lib/store/use-store.ts";

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

const isFlowState = (stored: unknown): SsvFlowState | undefined =>
  typeof stored === "object" && stored !== null && Array.isArray((stored as SsvFlowState).operators)
    ? (stored as SsvFlowState)
    : undefined;

const stores = new Map<string, Store<SsvFlowState>>();

/** The flow state of one network environment, kept in session storage under `ssvFlow:<scope>`. */
export function ssvFlowStore(scope: string): Store<SsvFlowState> {
  let store = stores.get(scope);
  if (!store) {
    store = createStore(EMPTY, {
      persist: { storage: () => browserStorage("session"), key: `ssvFlow:${scope}`, validate: isFlowState },
    });
    stores.set(scope, store);
  }
  return store;
}

/**
 * The flow state of one network environment (scope "ethereum:devnet") and a way to change it. Choosing other
 * operators forgets the keyshares verified for the old ones (they were split for those operators).
 */
export function useSsvFlow(scope: string): [SsvFlowState, (change: Partial<SsvFlowState>) => void] {
  const store = ssvFlowStore(scope);
  // Session storage is the record: a step that mounts, and every change, starts from what it holds now.
  useEffect(() => store.rehydrate(), [store]);
  const state = useStore(store);
  const update = useCallback(
    (change: Partial<SsvFlowState>) => {
      store.rehydrate();
      const forget =
        change.operators && !("validators" in change) ? { validators: undefined, verifiedFor: undefined } : {};
      store.setState({ ...forget, ...change });
    },
    [store],
  );
  return [state, update];
}

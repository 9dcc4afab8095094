/**
 * The stakes this browser has sent, is sending or may have sent, per network environment, with their
 * validators' public keys: the memory that keeps the same validators from being deposited twice from here
 * (two tabs with the same deposit data, a retry after a wallet error). Kept in local storage, so it outlives
 * reloads and is shared by every tab; each change is announced to the other tabs at once (BroadcastChannel,
 * and the `storage` event where BroadcastChannel is missing).
 */

import { createStore, type ReadableStore, type StateStorage } from "../../core/store/create-store.ts";
import { browserStorage } from "../../lib/store/browser-storage.ts";

/**
 * "signing": the wallet is being asked; "possiblySent": the wallet failed after the account's nonce moved on;
 * "broadcast": the wallet answered a hash; "confirmed": mined. Every status holds the validators: a stake that
 * reached the wallet is never sent again from here, whatever became of its transaction.
 */
export type SentStakeStatus = "signing" | "possiblySent" | "broadcast" | "confirmed";

export interface StakeScope {
  readonly network: string;
  readonly environment: string;
}

export interface SentStake extends StakeScope {
  readonly id: string;
  /** The sending account, lower-case. */
  readonly from: string;
  /** Validator public keys, lower-case hex without 0x. */
  readonly pubkeys: readonly string[];
  readonly status: SentStakeStatus;
  readonly txHash?: `0x${string}`;
  /** When it last changed (ms since epoch). */
  readonly updatedAt: number;
}

export const SENT_STAKES_KEY = "ethStake.sent";

/** Claims the validators for one send, unless another record already holds one of them. */
export type ClaimOutcome = { readonly claimed: SentStake } | { readonly conflict: SentStake };

/** Every record, as last read (`getState`, a stable reference between changes, for `useStore`), and the changes. */
export interface SentStakeStore extends ReadableStore<readonly SentStake[]> {
  /** Read from storage now (not getState): the records of `scope` naming any of `pubkeys`. */
  overlapping(scope: StakeScope, pubkeys: readonly string[]): SentStake[];
  /**
   * Checks and records in one step, under a lock all tabs share (Web Locks, where the browser has them): a
   * "signing" record for `pubkeys`, or the record that already holds one of them.
   */
  claim(scope: StakeScope, from: string, pubkeys: readonly string[]): Promise<ClaimOutcome>;
  update(id: string, change: Partial<Pick<SentStake, "status" | "txHash">>): void;
  /** Updates every record of `scope` naming any of `pubkeys` (a confirmation seen by any tab, a found transaction). */
  settle(scope: StakeScope, pubkeys: readonly string[], change: Partial<Pick<SentStake, "status" | "txHash">>): void;
  /** Forgets a claim whose send provably did not happen (declined in the wallet, refused by the node). */
  release(id: string): void;
}

const STATUSES: readonly string[] = ["signing", "possiblySent", "broadcast", "confirmed"];

const isRecord = (value: unknown): value is SentStake => {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === "string" &&
    typeof entry.network === "string" &&
    typeof entry.environment === "string" &&
    typeof entry.from === "string" &&
    Array.isArray(entry.pubkeys) &&
    entry.pubkeys.every((key) => typeof key === "string") &&
    typeof entry.status === "string" &&
    STATUSES.includes(entry.status) &&
    (entry.txHash === undefined || typeof entry.txHash === "string") &&
    typeof entry.updatedAt === "number"
  );
};

const normalize = (pubkey: string) => pubkey.toLowerCase().replace(/^0x/, "");

const names = (record: SentStake, scope: StakeScope, keys: ReadonlySet<string>) =>
  record.network === scope.network &&
  record.environment === scope.environment &&
  record.pubkeys.some((key) => keys.has(key));

type LockManager = { request(name: string, callback: () => Promise<unknown>): Promise<unknown> };

/**
 * A store over `storage`, announcing changes on the BroadcastChannel `channelName` and hearing them there and
 * through `events` (the window's `storage` events).
 */
export function createSentStakeStore(
  storage: StateStorage | undefined,
  options: { readonly channelName?: string; readonly events?: EventTarget; readonly locks?: LockManager } = {},
): SentStakeStore {
  const store = createStore<readonly SentStake[]>([], {
    persist: {
      storage: () => storage,
      key: SENT_STAKES_KEY,
      validate: (stored) => (Array.isArray(stored) ? stored.filter(isRecord) : undefined),
      // A claim that could not be recorded must not be sent.
      writeRequired: true,
    },
  });
  /** What storage holds now: every tab's latest write. */
  const read = (): readonly SentStake[] => store.persisted();
  const refresh = () => store.rehydrate();
  const channel =
    options.channelName && typeof BroadcastChannel === "function"
      ? new BroadcastChannel(options.channelName)
      : undefined;
  // Node keeps a process alive while a channel is open; a page does not care.
  (channel as { unref?: () => void } | undefined)?.unref?.();
  channel?.addEventListener("message", refresh);
  options.events?.addEventListener("storage", (event) => {
    if ((event as StorageEvent).key === SENT_STAKES_KEY) refresh();
  });
  const write = (records: readonly SentStake[]) => {
    store.setState(records, true);
    channel?.postMessage("changed");
  };
  const change = (match: (record: SentStake) => boolean, values: Partial<Pick<SentStake, "status" | "txHash">>) =>
    write(read().map((record) => (match(record) ? { ...record, ...values, updatedAt: Date.now() } : record)));
  const locked = <T>(run: () => T): Promise<T> =>
    options.locks
      ? (options.locks.request(SENT_STAKES_KEY, async () => run()) as Promise<T>)
      : Promise.resolve().then(run);

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    overlapping(scope, pubkeys) {
      const keys = new Set(pubkeys.map(normalize));
      return read().filter((record) => names(record, scope, keys));
    },
    claim(scope, from, pubkeys) {
      return locked((): ClaimOutcome => {
        const keys = new Set(pubkeys.map(normalize));
        const records = read();
        const conflict = records.find((record) => names(record, scope, keys));
        if (conflict) return { conflict };
        const claimed: SentStake = {
          ...scope,
          id: globalThis.crypto.randomUUID(),
          from: from.toLowerCase(),
          pubkeys: [...keys],
          status: "signing",
          updatedAt: Date.now(),
        };
        write([...records, claimed]);
        return { claimed };
      });
    },
    update(id, values) {
      change((record) => record.id === id, values);
    },
    settle(scope, pubkeys, values) {
      const keys = new Set(pubkeys.map(normalize));
      change((record) => names(record, scope, keys), values);
    },
    release(id) {
      write(read().filter((record) => record.id !== id));
    },
  };
}

/** This browser's record, shared by its tabs. */
export const sentStakes: SentStakeStore = createSentStakeStore(browserStorage("local"), {
  channelName: SENT_STAKES_KEY,
  events: typeof window === "undefined" ? undefined : window,
  locks: (globalThis.navigator as { locks?: LockManager } | undefined)?.locks,
});

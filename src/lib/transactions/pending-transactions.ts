/**
 * Transactions that were sent and whose outcome the user has not seen yet, kept in local storage so a
 * reload resumes waiting for them instead of sending again. One store per browser; screens filter by kind,
 * account and chain.
 */

import { createStore } from "../../core/store/create-store.ts";
import { browserStorage } from "../store/browser-storage.ts";

export const PENDING_TRANSACTIONS_KEY = "pendingTransactions";

export type TransactionKind = "stake" | "claim" | "unstake" | "withdraw" | (string & {});

export type PendingStatus = "broadcast" | "confirmed" | "failed" | "replaced" | "dropped";

export interface PendingTransaction {
  readonly hash: `0x${string}`;
  readonly kind: TransactionKind;
  readonly chainId: number;
  /** The sending account, lower-case. */
  readonly from: string;
  /** Value in wei, as a decimal string. */
  readonly value: string;
  readonly status: PendingStatus;
  /** When it was sent (ms since epoch). */
  readonly sentAt: number;
  /** Screen-specific facts needed to show it again after a reload (amounts, validator count, pubkeys). */
  readonly details: Readonly<Record<string, string>>;
  /** The hash that was mined instead, for a replaced transaction. */
  readonly replacement?: `0x${string}`;
}

export interface PendingFilter {
  readonly kind?: TransactionKind;
  readonly chainId?: number;
  readonly from?: string;
}

const isEntry = (value: unknown): value is PendingTransaction => {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.hash === "string" &&
    /^0x[0-9a-fA-F]{64}$/.test(entry.hash) &&
    typeof entry.kind === "string" &&
    typeof entry.chainId === "number" &&
    typeof entry.from === "string" &&
    typeof entry.value === "string" &&
    typeof entry.status === "string" &&
    typeof entry.sentAt === "number" &&
    typeof entry.details === "object" &&
    entry.details !== null
  );
};

/** The stored list; anything unreadable (edited by hand, older format) is skipped, never thrown. */
const store = createStore<readonly PendingTransaction[]>([], {
  persist: {
    storage: () => browserStorage("local"),
    key: PENDING_TRANSACTIONS_KEY,
    validate: (stored) => (Array.isArray(stored) ? stored.filter(isEntry) : undefined),
  },
});

const write = (entries: readonly PendingTransaction[]) => store.setState(entries, true);
const snapshot = () => store.getState();

// Another tab sending or confirming updates this one too.
globalThis.addEventListener?.("storage", (event: StorageEvent) => {
  if (event.key === PENDING_TRANSACTIONS_KEY) store.rehydrate();
});

export const pendingTransactions = {
  /** Every stored transaction (stable reference between changes, for `useStore`). */
  getState: store.getState,
  subscribe: store.subscribe,
  /** Every stored transaction, as getState. */
  all(): readonly PendingTransaction[] {
    return snapshot();
  },
  find(filter: PendingFilter): PendingTransaction[] {
    return snapshot().filter(
      (entry) =>
        (filter.kind === undefined || entry.kind === filter.kind) &&
        (filter.chainId === undefined || entry.chainId === filter.chainId) &&
        (filter.from === undefined || entry.from === filter.from.toLowerCase()),
    );
  },
  get(hash: string): PendingTransaction | undefined {
    return snapshot().find((entry) => entry.hash === hash);
  },
  add(entry: Omit<PendingTransaction, "status" | "from"> & { from: string }): PendingTransaction {
    const stored: PendingTransaction = { ...entry, from: entry.from.toLowerCase(), status: "broadcast" };
    write([...snapshot().filter((existing) => existing.hash !== entry.hash), stored]);
    return stored;
  },
  update(hash: string, change: Partial<Pick<PendingTransaction, "status" | "replacement" | "details">>): void {
    write(snapshot().map((entry) => (entry.hash === hash ? { ...entry, ...change } : entry)));
  },
  remove(hash: string): void {
    write(snapshot().filter((entry) => entry.hash !== hash));
  },
  /** Re-reads local storage (tests, or after another tab wrote without a storage event). */
  reload(): void {
    store.rehydrate();
  },
};

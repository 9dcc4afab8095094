/**
 * Transactions that were sent and whose outcome the user has not seen yet, kept in local storage so a
 * reload resumes waiting for them instead of sending again. One store per browser; screens filter by kind,
 * account and chain.
 */

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

type Listener = () => void;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
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

/** Reads the stored list; anything unreadable (edited by hand, older format) is skipped, never thrown. */
function read(): PendingTransaction[] {
  const text = storage()?.getItem(PENDING_TRANSACTIONS_KEY);
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<Listener>();
let snapshot: readonly PendingTransaction[] = read();

function write(entries: readonly PendingTransaction[]): void {
  snapshot = entries;
  storage()?.setItem(PENDING_TRANSACTIONS_KEY, JSON.stringify(entries));
  for (const listener of listeners) listener();
}

// Another tab sending or confirming updates this one too.
globalThis.addEventListener?.("storage", (event: StorageEvent) => {
  if (event.key !== PENDING_TRANSACTIONS_KEY) return;
  snapshot = read();
  for (const listener of listeners) listener();
});

export const pendingTransactions = {
  /** Every stored transaction (stable reference between changes, for useSyncExternalStore). */
  all(): readonly PendingTransaction[] {
    return snapshot;
  },
  find(filter: PendingFilter): PendingTransaction[] {
    return snapshot.filter(
      (entry) =>
        (filter.kind === undefined || entry.kind === filter.kind) &&
        (filter.chainId === undefined || entry.chainId === filter.chainId) &&
        (filter.from === undefined || entry.from === filter.from.toLowerCase()),
    );
  },
  get(hash: string): PendingTransaction | undefined {
    return snapshot.find((entry) => entry.hash === hash);
  },
  add(entry: Omit<PendingTransaction, "status" | "from"> & { from: string }): PendingTransaction {
    const stored: PendingTransaction = { ...entry, from: entry.from.toLowerCase(), status: "broadcast" };
    write([...snapshot.filter((existing) => existing.hash !== entry.hash), stored]);
    return stored;
  },
  update(hash: string, change: Partial<Pick<PendingTransaction, "status" | "replacement" | "details">>): void {
    write(snapshot.map((entry) => (entry.hash === hash ? { ...entry, ...change } : entry)));
  },
  remove(hash: string): void {
    write(snapshot.filter((entry) => entry.hash !== hash));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Re-reads local storage (tests, or after another tab wrote without a storage event). */
  reload(): void {
    snapshot = read();
    for (const listener of listeners) listener();
  },
};

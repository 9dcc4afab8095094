import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { persistedQueryMaxAge } from "./account-queries.ts";

/** The part of the Web Storage API the persistence uses (localStorage in the browser). */
export type QueryStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Which queries are stored, and for how long their data counts as fresh (undefined: not stored). */
export type MaxAgeOf = (queryKey: QueryKey) => number | undefined;

const PREFIX = "modal-kit:query:";

/** Stored data may hold bigints (the native balance); JSON has none, so they travel as tagged strings. */
const BIGINT = "$bigint";
const replacer = (_key: string, value: unknown) => (typeof value === "bigint" ? { [BIGINT]: value.toString() } : value);
const reviver = (_key: string, value: unknown) =>
  value !== null && typeof value === "object" && typeof (value as Record<string, unknown>)[BIGINT] === "string"
    ? BigInt((value as Record<string, string>)[BIGINT] as string)
    : value;

interface StoredQuery {
  readonly queryHash: string;
  readonly dataUpdatedAt: number;
  readonly data: unknown;
}

function isStoredQuery(value: unknown): value is StoredQuery {
  if (value === null || typeof value !== "object") return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.queryHash === "string" && typeof entry.dataUpdatedAt === "number" && entry.data !== undefined;
}

/**
 * Keeps the client's stored queries (maxAgeOf gives a time) in storage with the time their data was fetched,
 * and fills such a query from storage when the cache first builds it, if its data is younger than that time
 * (spec section 9). So a reload, or another kit in the same browser, does not fetch it again within the time.
 * An invalidated query leaves storage; an unreadable or foreign entry counts as none; a storage that refuses
 * reads or writes (private mode, quota) leaves the data in memory. Returns the unsubscribe.
 */
export function persistQueries(client: QueryClient, storage: QueryStorage | undefined, maxAgeOf: MaxAgeOf) {
  const read = (queryHash: string, maxAge: number): StoredQuery | undefined => {
    try {
      const text = storage?.getItem(PREFIX + queryHash);
      if (!text) return undefined;
      const entry: unknown = JSON.parse(text, reviver);
      if (!isStoredQuery(entry) || entry.queryHash !== queryHash) return undefined;
      const age = Date.now() - entry.dataUpdatedAt;
      return age >= 0 && age < maxAge ? entry : undefined;
    } catch {
      return undefined;
    }
  };
  const attempt = (write: () => void) => {
    try {
      write();
    } catch {
      // A full or disabled storage only costs a fetch next time.
    }
  };
  let hydrating = false;
  return client.getQueryCache().subscribe((event) => {
    if (hydrating) return;
    const { query } = event;
    const maxAge = maxAgeOf(query.queryKey);
    if (maxAge === undefined) return;
    if (event.type === "added" && query.state.data === undefined) {
      const stored = read(query.queryHash, maxAge);
      if (!stored) return;
      hydrating = true;
      try {
        client.setQueryData(query.queryKey, stored.data, { updatedAt: stored.dataUpdatedAt });
      } finally {
        hydrating = false;
      }
    } else if (event.type === "updated" && event.action.type === "success") {
      const entry: StoredQuery = {
        queryHash: query.queryHash,
        dataUpdatedAt: query.state.dataUpdatedAt,
        data: query.state.data,
      };
      attempt(() => storage?.setItem(PREFIX + query.queryHash, JSON.stringify(entry, replacer)));
    } else if (event.type === "updated" && event.action.type === "invalidate") {
      attempt(() => storage?.removeItem(PREFIX + query.queryHash));
    }
  });
}

/** The browser's local storage, or none where it is blocked. */
export function browserStorage(): QueryStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The kit's QueryClient: the Account view's names, identity and balances kept in local storage (spec section 9). */
export function createKitQueryClient(storage: QueryStorage | undefined = browserStorage()): QueryClient {
  const client = new QueryClient();
  persistQueries(client, storage, persistedQueryMaxAge);
  return client;
}

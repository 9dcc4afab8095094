/** The part of the Web Storage API the cache uses (localStorage in the browser). */
export type CacheStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface TimedCache {
  /** The value stored under key if it was written less than maxAgeMs ago. */
  read<T>(key: string, maxAgeMs: number): T | undefined;
  write(key: string, value: unknown): void;
  remove(key: string): void;
}

const PREFIX = "modal-kit:";

/**
 * Values in local storage with the time they were written (spec section 9: balances 30 s, names and identity
 * 5 min). Unreadable entries and a storage that refuses writes (private mode, quota) count as a miss.
 */
export function createTimedCache(storage: CacheStorage | undefined, now: () => number = Date.now): TimedCache {
  return {
    read<T>(key: string, maxAgeMs: number) {
      try {
        const text = storage?.getItem(PREFIX + key);
        if (!text) return undefined;
        const entry = JSON.parse(text) as { at?: unknown; value?: T };
        if (typeof entry.at !== "number" || now() - entry.at >= maxAgeMs || now() < entry.at) return undefined;
        return entry.value;
      } catch {
        return undefined;
      }
    },
    write(key, value) {
      try {
        storage?.setItem(PREFIX + key, JSON.stringify({ at: now(), value }));
      } catch {
        // A full or disabled storage only costs a fetch next time.
      }
    },
    remove(key) {
      try {
        storage?.removeItem(PREFIX + key);
      } catch {
        // As above.
      }
    },
  };
}

/** The browser's local storage, or none where it is blocked. */
export function browserStorage(): CacheStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

import { QueryClient, type QueryKey } from "@tanstack/react-query";
import type { Chain, Client, Transport } from "viem";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { nativeBalanceQueryOptions } from "../views/account/use-native-balance.ts";
import { createAccountData } from "./account-data.ts";
import { accountHistoryQueryOptions } from "./account-queries.ts";
import type { BlockchainApiClient } from "./blockchain-api-client.ts";
import { browserStorage, createKitQueryClient, persistQueries, type QueryStorage } from "./query-persistence.ts";

const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

function memoryStorage() {
  const items = new Map<string, string>();
  const storage: QueryStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  return { storage, items };
}

/** A client that stores ["modal-kit", "kept", …] for 1 s, and a read that counts its fetches. */
function persisted(storage: QueryStorage | undefined) {
  const client = new QueryClient();
  persistQueries(client, storage, (key: QueryKey) => (key[1] === "kept" ? 1_000 : undefined));
  return client;
}
let fetches = 0;
const kept = (client: QueryClient, kind = "kept") =>
  client.fetchQuery({
    queryKey: ["modal-kit", kind, "a"],
    staleTime: 1_000,
    queryFn: async () => {
      fetches += 1;
      return { answer: fetches };
    },
  });

beforeEach(() => {
  fetches = 0;
  vi.useFakeTimers({ now: new Date("2026-11-24T12:00:00Z") });
});
afterEach(() => vi.useRealTimers());

describe("the kit's query persistence", () => {
  it("fills a new client from storage while the data is younger than its time, and not from then on", async () => {
    const { storage } = memoryStorage();
    await kept(persisted(storage));
    vi.advanceTimersByTime(999);
    expect(await kept(persisted(storage))).toEqual({ answer: 1 });
    expect(fetches).toBe(1);
    vi.advanceTimersByTime(1);
    const late = persisted(storage);
    late.getQueryCache().build(late, { queryKey: ["modal-kit", "kept", "a"] });
    expect(late.getQueryData(["modal-kit", "kept", "a"])).toBeUndefined();
    expect(await kept(late)).toEqual({ answer: 2 });
  });

  it("keeps the time the data was fetched, so a client filled from storage lets it age from then", async () => {
    const { storage } = memoryStorage();
    await kept(persisted(storage));
    vi.advanceTimersByTime(600);
    const second = persisted(storage);
    await kept(second);
    vi.advanceTimersByTime(400);
    await kept(second);
    expect(fetches).toBe(2);
  });

  it("stores only the queries it is told to: activity pages stay in memory", async () => {
    const { storage, items } = memoryStorage();
    await kept(persisted(storage), "other");
    const api = { history: async () => ({ data: [], next: null }) } as unknown as BlockchainApiClient;
    await createKitQueryClient(storage).fetchInfiniteQuery(
      accountHistoryQueryOptions({ api, data: createAccountData(api) }, ADDRESS, "eip155:1"),
    );
    expect(items.size).toBe(0);
  });

  it("drops an invalidated query from storage", async () => {
    const { storage, items } = memoryStorage();
    const client = persisted(storage);
    await kept(client);
    expect(items.size).toBe(1);
    await client.invalidateQueries({ queryKey: ["modal-kit", "kept"] });
    expect(items.size).toBe(0);
    await kept(persisted(storage));
    expect(fetches).toBe(2);
  });

  it("ignores stored entries of another shape, of another query, unreadable or from the future", async () => {
    const { storage, items } = memoryStorage();
    await kept(persisted(storage));
    const [[key, text]] = [...items] as [[string, string]];
    const entry = JSON.parse(text) as Record<string, unknown>;
    const foreign = [
      "not json",
      "null",
      JSON.stringify({ at: Date.now(), value: { answer: 0 } }),
      JSON.stringify({ ...entry, queryHash: '["modal-kit","kept","b"]' }),
      JSON.stringify({ ...entry, dataUpdatedAt: String(entry.dataUpdatedAt) }),
      JSON.stringify({ ...entry, dataUpdatedAt: Date.now() + 1 }),
      JSON.stringify({ queryHash: entry.queryHash, dataUpdatedAt: entry.dataUpdatedAt }),
    ];
    for (const value of foreign) {
      items.set(key, value);
      await kept(persisted(storage));
    }
    expect(fetches).toBe(1 + foreign.length);
  });

  it("goes on in memory when the storage refuses reads and writes, or is blocked", async () => {
    const refusing: QueryStorage = {
      getItem: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      },
      removeItem: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    };
    const client = persisted(refusing);
    expect(await kept(client)).toEqual({ answer: 1 });
    expect(await kept(client)).toEqual({ answer: 1 });
    await client.invalidateQueries();
    expect(await kept(persisted(refusing))).toEqual({ answer: 2 });
    expect(await kept(persisted(undefined))).toEqual({ answer: 3 });

    const descriptor = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    try {
      expect(browserStorage()).toBeUndefined();
      expect(await kept(createKitQueryClient())).toEqual({ answer: 4 });
    } finally {
      if (descriptor) Object.defineProperty(globalThis, "localStorage", descriptor);
      else Reflect.deleteProperty(globalThis, "localStorage");
    }
  });

  it("keeps the native balance 30 s across kits, its bigint intact", async () => {
    const { storage } = memoryStorage();
    let reads = 0;
    const chain = {
      request: async () => {
        reads += 1;
        return "0x1a055690d9db80000";
      },
      chain: { id: 31337, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 } },
    } as unknown as Client<Transport, Chain>;
    const balance = { value: 30_000_000_000_000_000_000n, decimals: 18, symbol: "ETH" };
    expect(await createKitQueryClient(storage).fetchQuery(nativeBalanceQueryOptions(chain, ADDRESS))).toEqual(balance);
    vi.advanceTimersByTime(29_999);
    const reloaded = createKitQueryClient(storage);
    expect(await reloaded.fetchQuery(nativeBalanceQueryOptions(chain, ADDRESS))).toEqual(balance);
    expect(reads).toBe(1);
    vi.advanceTimersByTime(1);
    await createKitQueryClient(storage).fetchQuery(nativeBalanceQueryOptions(chain, ADDRESS));
    expect(reads).toBe(2);
  });
});

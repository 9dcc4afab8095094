import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TokenBalance } from "../../core/api/blockchain-api.ts";
import { type BalanceOptions, createAccountData } from "./account-data.ts";
import {
  accountBalancesQueryOptions,
  accountHistoryQueryOptions,
  accountNamesQueryOptions,
  forgetSuggestions,
  identityQueryOptions,
  nameSuggestionsQueryOptions,
  setProfileName,
} from "./account-queries.ts";
import type { AccountServices } from "./account-services.ts";
import type { BlockchainApiClient } from "./blockchain-api-client.ts";
import { createKitQueryClient, type QueryStorage } from "./query-persistence.ts";

const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const CHAIN = "eip155:31337";

const balance = (symbol: string, decimals: string, numeric: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: CHAIN,
  value: 0,
  price: 0,
  quantity: { decimals, numeric },
  iconUrl: "",
});

function memoryStorage(): QueryStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** A blockchain API that answers from a script and counts its calls. */
function scriptedApi() {
  const calls = { balances: 0, identity: 0, suggestions: 0, names: 0 };
  let failBalances = false;
  let failSuggestions = false;
  let failNames = false;
  const api: BlockchainApiClient = {
    balances: async () => {
      calls.balances += 1;
      if (failBalances) throw new Error("HTTP status code: 503");
      return [balance("ETH", "18", "12.5"), balance("dUSD", "6", "1000"), balance("SPAM", "0", "1000000")];
    },
    history: async () => ({ data: [], next: null }),
    identity: async () => {
      calls.identity += 1;
      return { name: null, avatar: null };
    },
    namesForAddress: async () => {
      calls.names += 1;
      if (failNames) throw new Error("HTTP status code: 500");
      return [{ name: "first.meridian.id", registered: 1_764_000_000 }];
    },
    suggestions: async (name) => {
      calls.suggestions += 1;
      if (failSuggestions) throw new Error("HTTP status code: 502");
      return [{ name: `${name}.meridian.id`, registered: false }];
    },
    registerName: async () => ({ name: "alice.meridian.id" }),
  };
  return {
    api,
    calls,
    setFailing: (value: boolean) => (failBalances = value),
    setSuggestionsFailing: (value: boolean) => (failSuggestions = value),
    setNamesFailing: (value: boolean) => (failNames = value),
  };
}

/**
 * The Account view's reads as the kit makes them: through the kit's QueryClient (createKitQueryClient, which
 * keeps them in the storage). `reload` is a new kit on the same storage: a reloaded page or a second kit.
 */
function kitOver(services: AccountServices, storage: QueryStorage) {
  const client = createKitQueryClient(storage);
  return {
    client,
    balances: (address: string, chain: string, options?: BalanceOptions) =>
      client.fetchQuery(accountBalancesQueryOptions(services, address, chain, options)),
    forcedBalances: (address: string, chain: string, forceUpdate: string) =>
      client.fetchQuery({ ...accountBalancesQueryOptions(services, address, chain, { forceUpdate }), staleTime: 0 }),
    history: (address: string, chain: string) =>
      client.fetchInfiniteQuery(accountHistoryQueryOptions(services, address, chain)),
    identity: (address: string) => client.fetchQuery(identityQueryOptions(services, address)),
    namesForAddress: (address: string) => client.fetchQuery(accountNamesQueryOptions(services, address)),
    suggestions: (name: string) => client.fetchQuery(nameSuggestionsQueryOptions(services, name, true)),
    setProfileName: (address: string, name: string) => setProfileName(client, address, name),
    forgetSuggestions: (name: string) => forgetSuggestions(client, name),
  };
}

function setup() {
  const scripted = scriptedApi();
  const storage = memoryStorage();
  const services: AccountServices = { api: scripted.api, data: createAccountData(scripted.api) };
  const data = kitOver(services, storage);
  return { ...scripted, storage, services, data, reload: () => kitOver(services, storage) };
}

beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-24T12:00:00Z") }));
afterEach(() => vi.useRealTimers());

describe("balances", () => {
  it("drops tokens with 0 decimals", async () => {
    const { data } = setup();
    expect((await data.balances(ADDRESS, CHAIN)).map((entry) => entry.symbol)).toEqual(["ETH", "dUSD"]);
  });

  it("serves them from local storage for 30 s, then fetches again", async () => {
    const { data, calls } = setup();
    await data.balances(ADDRESS, CHAIN);
    vi.advanceTimersByTime(29_999);
    await data.balances(ADDRESS, CHAIN);
    expect(calls.balances).toBe(1);
    vi.advanceTimersByTime(1);
    await data.balances(ADDRESS, CHAIN);
    expect(calls.balances).toBe(2);
  });

  it("keeps them across kit instances of the same browser (local storage)", async () => {
    const first = setup();
    await first.data.balances(ADDRESS, CHAIN);
    const second = first.reload();
    expect((await second.balances(ADDRESS, CHAIN)).map((entry) => entry.symbol)).toEqual(["ETH", "dUSD"]);
    expect(first.calls.balances).toBe(1);
    vi.advanceTimersByTime(30_000);
    await first.reload().balances(ADDRESS, CHAIN);
    expect(first.calls.balances).toBe(2);
  });

  it("skips the cache when forced after a send", async () => {
    const { data, calls } = setup();
    await data.balances(ADDRESS, CHAIN);
    await data.forcedBalances(ADDRESS, CHAIN, "0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7");
    expect(calls.balances).toBe(2);
  });

  it("after a failure says 'Token Balance Unavailable' without asking again for 30 s", async () => {
    const { data, calls, setFailing } = setup();
    setFailing(true);
    await expect(data.balances(ADDRESS, CHAIN)).rejects.toThrow("Token Balance Unavailable");
    setFailing(false);
    vi.advanceTimersByTime(29_999);
    await expect(data.balances(ADDRESS, CHAIN)).rejects.toThrow("Token Balance Unavailable");
    expect(calls.balances).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await data.balances(ADDRESS, CHAIN)).toHaveLength(2);
    expect(calls.balances).toBe(2);
  });

  it("keeps the 30 s after a failure across kit instances, and a forced fetch waits too", async () => {
    const { data, calls, setFailing, reload } = setup();
    setFailing(true);
    await expect(data.balances(ADDRESS, CHAIN)).rejects.toThrow("Token Balance Unavailable");
    setFailing(false);
    vi.advanceTimersByTime(29_999);
    const reloaded = reload();
    await expect(reloaded.balances(ADDRESS, CHAIN)).rejects.toThrow("Token Balance Unavailable");
    await expect(reloaded.forcedBalances(ADDRESS, CHAIN, "0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7")).rejects.toThrow(
      "Token Balance Unavailable",
    );
    expect(calls.balances).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await reload().balances(ADDRESS, CHAIN)).toHaveLength(2);
    expect(calls.balances).toBe(2);
  });
});

describe("identity", () => {
  it("is cached 5 minutes", async () => {
    const { data, calls } = setup();
    await data.identity(ADDRESS);
    vi.advanceTimersByTime(5 * 60_000 - 1);
    await data.identity(ADDRESS);
    expect(calls.identity).toBe(1);
    vi.advanceTimersByTime(1);
    await data.identity(ADDRESS);
    expect(calls.identity).toBe(2);
  });

  it("shows a name just registered as the profile name without asking the server", async () => {
    const { data, calls, reload } = setup();
    data.setProfileName(ADDRESS, "alice.meridian.id");
    expect(await data.identity(ADDRESS)).toEqual({ name: "alice.meridian.id", avatar: null });
    expect(await reload().identity(ADDRESS.toLowerCase())).toEqual({ name: "alice.meridian.id", avatar: null });
    expect(calls.identity).toBe(0);
  });
});

describe("history", () => {
  it("turns a failure into 'Failed to fetch transactions'", async () => {
    const { api, storage } = setup();
    const failingApi = { ...api, history: () => Promise.reject(new Error("HTTP status code: 500")) };
    const failing = kitOver({ api: failingApi, data: createAccountData(failingApi) }, storage);
    await expect(failing.history(ADDRESS, CHAIN)).rejects.toThrow("Failed to fetch transactions");
  });
});

describe("names", () => {
  it("keeps a name's availability 5 min in local storage, so a reloaded page reads it without asking", async () => {
    const { data, calls, reload } = setup();
    expect(await data.suggestions("Alice")).toEqual([{ name: "Alice.meridian.id", registered: false }]);
    const reloaded = reload();
    vi.advanceTimersByTime(299_999);
    await reloaded.suggestions("alice");
    expect(calls.suggestions).toBe(1);
    vi.advanceTimersByTime(1);
    await reloaded.suggestions("alice");
    expect(calls.suggestions).toBe(2);
  });

  it("says 'Error fetching name suggestions' when the API fails, and keeps no failure", async () => {
    const { data, calls, setSuggestionsFailing } = setup();
    setSuggestionsFailing(true);
    await expect(data.suggestions("alice")).rejects.toThrow("Error fetching name suggestions");
    setSuggestionsFailing(false);
    await data.suggestions("alice");
    expect(calls.suggestions).toBe(2);
  });

  it("asks again for a name just registered", async () => {
    const { data, calls, reload } = setup();
    await data.suggestions("alice");
    await data.forgetSuggestions("Alice");
    await reload().suggestions("alice");
    expect(calls.suggestions).toBe(2);
    await data.suggestions("alice");
    expect(calls.suggestions).toBe(3);
  });
});

describe("names for address", () => {
  it("keeps an address's names 5 min in local storage, so a reloaded page reads them without asking", async () => {
    const { data, calls, reload } = setup();
    expect(await data.namesForAddress(ADDRESS)).toEqual([{ name: "first.meridian.id", registered: 1_764_000_000 }]);
    const reloaded = reload();
    vi.advanceTimersByTime(299_999);
    await reloaded.namesForAddress(ADDRESS.toLowerCase());
    expect(calls.names).toBe(1);
    vi.advanceTimersByTime(1);
    await reloaded.namesForAddress(ADDRESS);
    expect(calls.names).toBe(2);
  });

  it("says 'Error fetching names for address' when the API fails, and asks again next time", async () => {
    const { data, calls, setNamesFailing } = setup();
    setNamesFailing(true);
    await expect(data.namesForAddress(ADDRESS)).rejects.toThrow("Error fetching names for address");
    setNamesFailing(false);
    expect(await data.namesForAddress(ADDRESS)).toHaveLength(1);
    expect(calls.names).toBe(2);
  });

  it("puts a name just registered first, before the names already known, without asking the server", async () => {
    const { data, calls, reload } = setup();
    await data.namesForAddress(ADDRESS);
    data.setProfileName(ADDRESS, "second.meridian.id");
    expect(await data.namesForAddress(ADDRESS)).toEqual([
      { name: "second.meridian.id", registered: Math.floor(Date.parse("2026-11-24T12:00:00Z") / 1000) },
      { name: "first.meridian.id", registered: 1_764_000_000 },
    ]);
    expect((await reload().namesForAddress(ADDRESS)).map((profile) => profile.name)).toEqual([
      "second.meridian.id",
      "first.meridian.id",
    ]);
    expect(calls.names).toBe(1);
  });
});

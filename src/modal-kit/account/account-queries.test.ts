import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { AccountData } from "./account-data.ts";
import {
  accountBalancesQueryOptions,
  accountNamesQueryOptions,
  identityQueryOptions,
  nameSuggestionsQueryOptions,
} from "./account-queries.ts";
import type { AccountServices } from "./account-services.ts";

const ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const services = {
  api: {},
  data: {
    identity: async () => ({ name: "alice.meridian.id", avatar: null }),
    namesForAddress: async () => [],
    suggestions: async () => [],
    balances: async () => [],
  } as unknown as AccountData,
} as AccountServices;

describe("the Account view's query options", () => {
  it("keep balances 30 s and names, identity and suggestions 5 minutes, under the kit's keys", () => {
    expect(accountBalancesQueryOptions(services, ADDRESS, "eip155:1")).toMatchObject({
      queryKey: ["modal-kit", "balances", "eip155:1", ADDRESS.toLowerCase()],
      staleTime: 30_000,
      refetchInterval: 30_000,
      retry: false,
    });
    expect(identityQueryOptions(services, ADDRESS).staleTime).toBe(300_000);
    expect(accountNamesQueryOptions(services, ADDRESS).queryKey).toEqual([
      "modal-kit",
      "names-for-address",
      ADDRESS.toLowerCase(),
    ]);
    expect(nameSuggestionsQueryOptions(services, "Alice", true).queryKey).toEqual([
      "modal-kit",
      "name-suggestions",
      "alice",
    ]);
  });

  it("ask nothing without the blockchain API, an address or a valid name", () => {
    expect(typeof identityQueryOptions(undefined, ADDRESS).queryFn).not.toBe("function");
    expect(typeof accountNamesQueryOptions(services, "").queryFn).not.toBe("function");
    expect(typeof nameSuggestionsQueryOptions(services, "a", false).queryFn).not.toBe("function");
  });

  it("read through the account data", async () => {
    expect(await new QueryClient().fetchQuery(identityQueryOptions(services, ADDRESS))).toEqual({
      name: "alice.meridian.id",
      avatar: null,
    });
  });
});

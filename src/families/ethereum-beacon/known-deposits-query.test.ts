import type { Query } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { KnownDeposit } from "./fetch-known-deposits.ts";
import {
  FIND_SENT_DEPOSITS_EVERY_MS,
  FIND_SENT_DEPOSITS_FOR_MS,
  sentDepositsQueryOptions,
} from "./known-deposits-query.ts";

const scope = { network: "ethereum", environment: "devnet" };
const withData = (data: ReadonlyMap<string, KnownDeposit> | undefined) =>
  ({ state: { data } }) as unknown as Query<
    ReadonlyMap<string, KnownDeposit>,
    Error,
    ReadonlyMap<string, KnownDeposit>,
    readonly unknown[]
  >;
const interval = (since: number, data?: ReadonlyMap<string, KnownDeposit>) => {
  const { refetchInterval } = sentDepositsQueryOptions(scope, ["ab"], since);
  return typeof refetchInterval === "function" ? refetchInterval(withData(data)) : refetchInterval;
};

describe("the search for a stake that may have been sent", () => {
  it("asks again every 3 s while the server knows no transaction for the keys", () => {
    expect(FIND_SENT_DEPOSITS_EVERY_MS).toBe(3_000);
    expect(interval(Date.now())).toBe(3_000);
    expect(interval(Date.now(), new Map([["ab", { txHash: undefined, pending: true }]]))).toBe(3_000);
  });

  it("stops once a deposit has its transaction, or after 10 minutes", () => {
    expect(interval(Date.now(), new Map([["ab", { txHash: "0x01", pending: false }]]))).toBe(false);
    expect(interval(Date.now() - FIND_SENT_DEPOSITS_FOR_MS)).toBe(false);
    expect(FIND_SENT_DEPOSITS_FOR_MS).toBe(600_000);
  });

  it("asks nothing without keys, and keys the query by scope and keys", () => {
    expect(typeof sentDepositsQueryOptions(scope, undefined, 0).queryFn).not.toBe("function");
    expect(typeof sentDepositsQueryOptions(scope, [], 0).queryFn).not.toBe("function");
    expect(sentDepositsQueryOptions(scope, ["ab"], 0).queryKey).toEqual(["known-deposits", "ethereum", "devnet", "ab"]);
  });
});

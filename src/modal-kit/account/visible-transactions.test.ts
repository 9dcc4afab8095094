import { describe, expect, it } from "vitest";
import type { Transaction } from "../../core/api/blockchain-api.ts";
import { visibleTransactions } from "./visible-transactions.ts";

const transfer = (symbol: string, spam: boolean): Transaction["transfers"][number] => ({
  fungible_info: { name: symbol, symbol },
  ...(spam ? { nft_info: { flags: { is_spam: true } } } : {}),
  direction: "in",
  quantity: { numeric: "1" },
  value: 0,
  price: 0,
});

const transaction = (id: string, chain: string, transfers: Transaction["transfers"]): Transaction => ({
  id,
  metadata: { minedAt: "2026-11-24T12:00:00Z", chain },
  transfers,
});

describe("activity filter (spec section 5)", () => {
  const list = [
    transaction("eth", "eip155:31337", [transfer("ETH", false)]),
    transaction("spam", "eip155:31337", [transfer("SPAM", true), transfer("SPAM", true)]),
    transaction("mixed", "eip155:31337", [transfer("SPAM", true), transfer("dUSD", false)]),
    transaction("call", "eip155:31337", []),
    transaction("other-chain", "eip155:71", [transfer("CFX", false)]),
  ];

  it("drops transactions whose transfers are all spam, keeps those with one real transfer", () => {
    expect(visibleTransactions(list, "eip155:31337").map((entry) => entry.id)).toEqual(["eth", "mixed", "call"]);
  });

  it("shows only the active chain's transactions", () => {
    expect(visibleTransactions(list, "eip155:71").map((entry) => entry.id)).toEqual(["other-chain"]);
  });
});

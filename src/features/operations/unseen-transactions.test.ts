import { describe, expect, it } from "vitest";
import type { PendingTransaction } from "../../lib/transactions/pending-transactions.ts";
import { unseenTransactions } from "./unseen-transactions.ts";

const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const hash = (fill: string) => `0x${fill.repeat(32)}` as const;
const sent = (fill: string, change: Partial<PendingTransaction> = {}): PendingTransaction => ({
  hash: hash(fill),
  kind: "stake",
  chainId: 31337,
  from: OWNER.toLowerCase(),
  value: "32000000000000000000",
  status: "broadcast",
  sentAt: 1_000,
  details: {},
  ...change,
});

describe("transactions sent from this browser that the backend does not list yet", () => {
  it("keeps the owner's on the chain, newest first, and drops what the backend already lists", () => {
    const all = [
      sent("01"),
      sent("02", { sentAt: 2_000, status: "failed" }),
      sent("03", { chainId: 1 }),
      sent("04", { from: "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc" }),
      sent("05", { status: "confirmed" }),
      sent("06", { status: "replaced", replacement: hash("07") }),
    ];
    const unseen = unseenTransactions(all, {
      owner: OWNER,
      chainId: 31337,
      seenHashes: new Set([hash("05"), hash("07")]),
    });
    expect(unseen.map((entry) => entry.hash)).toEqual([hash("02"), hash("01")]);
  });
});

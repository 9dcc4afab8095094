// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PENDING_TRANSACTIONS_KEY, pendingTransactions } from "./pending-transactions.ts";

const HASH = `0x${"ab".repeat(32)}` as const;
const sent = {
  hash: HASH,
  kind: "stake",
  chainId: 31337,
  from: "0xAbC0000000000000000000000000000000000001",
  value: "32000000000000000000",
  sentAt: 1_700_000_000_000,
  details: { validators: "1" },
};

beforeEach(() => {
  localStorage.clear();
  pendingTransactions.reload();
});

describe("pending transactions", () => {
  it("keep a sent transaction in local storage under pendingTransactions, its sender lower-case", () => {
    const listener = vi.fn();
    const unsubscribe = pendingTransactions.subscribe(listener);
    const stored = pendingTransactions.add(sent);
    unsubscribe();
    expect(stored).toMatchObject({ status: "broadcast", from: sent.from.toLowerCase() });
    expect(JSON.parse(localStorage.getItem(PENDING_TRANSACTIONS_KEY) ?? "[]")).toEqual([stored]);
    expect(pendingTransactions.find({ kind: "stake", from: sent.from })).toEqual([stored]);
    expect(pendingTransactions.get(HASH)).toEqual(stored);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("update, remove, and keep a stable list between changes", () => {
    pendingTransactions.add(sent);
    const before = pendingTransactions.all();
    expect(pendingTransactions.getState()).toBe(before);
    pendingTransactions.update(HASH, { status: "confirmed" });
    expect(pendingTransactions.get(HASH)?.status).toBe("confirmed");
    pendingTransactions.remove(HASH);
    expect(pendingTransactions.all()).toEqual([]);
  });

  it("read what another tab stored, skipping entries they cannot read", () => {
    localStorage.setItem(
      PENDING_TRANSACTIONS_KEY,
      JSON.stringify([{ ...sent, from: sent.from.toLowerCase(), status: "broadcast" }, { hash: "0x1" }]),
    );
    window.dispatchEvent(new StorageEvent("storage", { key: PENDING_TRANSACTIONS_KEY }));
    expect(pendingTransactions.all().map((entry) => entry.hash)).toEqual([HASH]);
    localStorage.setItem(PENDING_TRANSACTIONS_KEY, "not json");
    pendingTransactions.reload();
    expect(pendingTransactions.all()).toEqual([]);
  });
});

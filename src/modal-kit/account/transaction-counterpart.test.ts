import { describe, expect, it } from "vitest";
import type { Transaction } from "../../core/api/blockchain-api.ts";
import { transactionCounterpart } from "./transaction-counterpart.ts";

const ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const FRIEND = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const DUSD = "0x678Aff4791fFCc2D65c77640837a28b3aa2AbED7";

const tokenTransfer = (direction: "in" | "out", sender: string, recipient: string) => ({
  fungible_info: { name: "Devnet USD", symbol: "dUSD", icon: { url: "" } },
  direction,
  sender,
  recipient,
  quantity: { numeric: "10" },
  value: 0,
  price: 0,
});

const transaction = (
  operationType: "send" | "receive" | "execute",
  sentFrom: string,
  sentTo: string,
  transfers: Transaction["transfers"],
): Transaction => ({
  id: "0x01",
  metadata: { operationType, minedAt: "2026-12-01T10:00:00.000Z", sentFrom, sentTo, chain: "eip155:31337" },
  transfers,
});

describe("the counterpart Activity names", () => {
  it("is the recipient of a token send, not the token contract the transaction called", () => {
    expect(transactionCounterpart(transaction("send", ACCOUNT, DUSD, [tokenTransfer("out", ACCOUNT, FRIEND)]))).toBe(
      FRIEND,
    );
  });

  it("is the sender of a token received, not the contract that moved it", () => {
    const airdrop = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
    expect(transactionCounterpart(transaction("receive", airdrop, DUSD, [tokenTransfer("in", FRIEND, ACCOUNT)]))).toBe(
      FRIEND,
    );
  });

  it("is the contract called for any other transaction, and the transaction's own parties without transfer parties", () => {
    expect(transactionCounterpart(transaction("execute", ACCOUNT, DUSD, []))).toBe(DUSD);
    const { sender: _, recipient: __, ...older } = tokenTransfer("out", ACCOUNT, FRIEND);
    expect(transactionCounterpart(transaction("send", ACCOUNT, FRIEND, [older]))).toBe(FRIEND);
  });
});

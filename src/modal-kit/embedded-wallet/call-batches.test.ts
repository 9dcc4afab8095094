import { describe, expect, it } from "vitest";
import { batchStatus } from "./call-batches.ts";

const receipt = (status: "0x0" | "0x1") =>
  ({ status, blockHash: "0x1", blockNumber: "0x1", gasUsed: "0x5208", transactionHash: "0x2", logs: [] }) as const;

describe("EIP-5792 status of a batch sent call by call", () => {
  it("is 100 while a call is not mined, 200 all succeeded, 500 all reverted, 600 some reverted", () => {
    expect(batchStatus([receipt("0x1"), null])).toBe(100);
    expect(batchStatus([receipt("0x1"), receipt("0x1")])).toBe(200);
    expect(batchStatus([receipt("0x0"), receipt("0x0")])).toBe(500);
    expect(batchStatus([receipt("0x1"), receipt("0x0")])).toBe(600);
  });
});

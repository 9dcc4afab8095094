import { describe, expect, it } from "vitest";
import { commissionBasisPoints } from "./commission.ts";

describe("staking.executionCommission in basis points", () => {
  it("reads whole and fractional percentages", () => {
    expect(commissionBasisPoints("10")).toBe(1_000n);
    expect(commissionBasisPoints("7.5")).toBe(750n);
    expect(commissionBasisPoints("0.25")).toBe(25n);
    expect(commissionBasisPoints("0")).toBe(0n);
    expect(commissionBasisPoints("100")).toBe(10_000n);
  });
});

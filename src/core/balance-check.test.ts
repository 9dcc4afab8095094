import { describe, expect, it } from "vitest";
import { checkAgainstBalance, feeReserve, maxAfterReserve } from "./balance-check.ts";

const cfx = (whole: bigint) => whole * 10n ** 18n;

describe("balance checks before the wallet", () => {
  it("keeps the gas estimate plus its margin at twice the current fee", () => {
    // 100,000 gas + 20 % at 1 gwei, doubled: 240,000 gwei.
    expect(feeReserve(100_000n, 1_000_000_000n, 20n)).toBe(240_000_000_000_000n);
  });

  it("fills Max with the whole votes left after the fee", () => {
    expect(maxAfterReserve(cfx(3000n), 10n ** 15n, cfx(1000n))).toBe(cfx(2000n));
    expect(maxAfterReserve(cfx(3000n) + 10n ** 15n, 10n ** 15n, cfx(1000n))).toBe(cfx(3000n));
    expect(maxAfterReserve(10n ** 14n, 10n ** 15n, cfx(1000n))).toBe(0n);
  });

  it("refuses an amount above the balance, or one that leaves less than the fee", () => {
    expect(checkAgainstBalance(cfx(2000n), cfx(1999n))).toEqual({ key: "amount.errors.aboveBalance" });
    expect(checkAgainstBalance(cfx(2000n), cfx(2000n), 10n ** 15n)).toEqual({ key: "amount.errors.noRoomForFee" });
    expect(checkAgainstBalance(cfx(2000n), cfx(2000n))).toBeUndefined();
    expect(checkAgainstBalance(cfx(1000n), cfx(2000n), 10n ** 15n)).toBeUndefined();
  });
});

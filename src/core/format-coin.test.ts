import { describe, expect, it } from "vitest";
import { formatCoin, formatCoinExact } from "./format-coin.ts";

const ETH = 10n ** 18n;

describe("formatCoin", () => {
  it("rounds to six decimals half up and drops trailing zeros", () => {
    expect(formatCoin(64n * ETH, 18, "ETH")).toBe("64 ETH");
    expect(formatCoin((ETH * 35n) / 10_000n, 18, "ETH")).toBe("0.0035 ETH");
    expect(formatCoin(1_234_567_500_000_000_000n, 18, "ETH")).toBe("1.234568 ETH");
    expect(formatCoin(1_234_567_499_999_999_999n, 18, "ETH")).toBe("1.234567 ETH");
  });

  it("never shows a small non-zero amount as zero", () => {
    expect(formatCoin(1n, 18, "ETH")).toBe("<0.000001 ETH");
    expect(formatCoin(-1n, 18, "ETH")).toBe("-<0.000001 ETH");
    expect(formatCoin(0n, 18, "ETH")).toBe("0 ETH");
  });

  it("keeps the sign of penalties and follows the network's decimals", () => {
    expect(formatCoin(-(ETH / 1000n), 18, "ETH")).toBe("-0.001 ETH");
    expect(formatCoin(123_456_789n, 8, "BTC")).toBe("1.234568 BTC");
    expect(formatCoin(15n, 1, "X")).toBe("1.5 X");
  });
});

describe("formatCoinExact", () => {
  it("keeps every significant digit, without trailing zeros", () => {
    expect(formatCoinExact(32_000_000_001_000_000_000n, 18, "ETH")).toBe("32.000000001 ETH");
    expect(formatCoinExact(2n, 18, "ETH")).toBe("0.000000000000000002 ETH");
    expect(formatCoinExact(64n * 10n ** 18n, 18, "ETH")).toBe("64 ETH");
  });
});

import { describe, expect, it } from "vitest";
import { formatAmount, formatCoin, formatCoinExact } from "./format-coin.ts";

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

describe("formatAmount", () => {
  const eth = { decimals: 18, symbol: "ETH" };

  it("shows balances to the coin's decimals, small amounts to 4 significant digits", () => {
    expect(formatAmount(104_410_000_000_000_000_000n, eth)).toBe("104.41 ETH");
    expect(formatAmount(281_449_999_999_999_999n, eth)).toBe("0.2814 ETH");
    expect(formatAmount(290_550_000_000_000_000n, eth)).toBe("0.2906 ETH");
    expect(formatAmount(31_999_999_999_999_999_999n, eth)).toBe("32 ETH");
    expect(formatAmount(87_000_000_000_000n, eth)).toBe("0.000087 ETH");
    expect(formatAmount(123_456_789n, { decimals: 8, symbol: "BTC" })).toBe("1.234568 BTC");
    expect(formatAmount(1_234_567_890_000_000_000_000n, { decimals: 18, symbol: "CFX" })).toBe("1234.5679 CFX");
  });

  it("never shows a small non-zero amount as zero, and zero as zero", () => {
    expect(formatAmount(1n, eth)).toBe("<0.000001 ETH");
    expect(formatAmount(0n, eth)).toBe("0 ETH");
    expect(formatAmount(0n, eth, { style: "atMost" })).toBe("0 ETH");
    expect(formatAmount(-(10n ** 15n), eth)).toBe("-0.001 ETH");
  });

  it("rounds an 'at most' figure up to 4 significant digits, never below the cap", () => {
    expect(formatAmount(243_568_199_945_250n, eth, { style: "atMost" })).toBe("0.0002436 ETH");
    expect(formatAmount(2n, eth, { style: "atMost" })).toBe("0.00000001 ETH");
    expect(formatAmount(40_000_162_518_000_731_331n, eth, { style: "atMost" })).toBe("40.0002 ETH");
    expect(formatAmount(21_000_000_000_000n, eth, { style: "atMost" })).toBe("0.000021 ETH");
  });

  it("keeps every digit when exact, grouped the locale's way", () => {
    expect(formatAmount(40_000_162_518_000_731_331n, eth, { style: "exact" })).toBe("40.000162518000731331 ETH");
    expect(formatAmount(2n, eth, { style: "exact" })).toBe("0.000000000000000002 ETH");
    expect(formatAmount(12_345n * 10n ** 18n, eth, { style: "exact", locale: "zh_CN" })).toBe("12,345 ETH");
    expect(formatAmount(12_345_500_000_000_000_000_000n, eth, { locale: "en_US" })).toBe("12,345.5 ETH");
    expect(formatAmount(12_345_500_000_000_000_000_000n, eth, { locale: "de-DE" })).toBe("12.345,5 ETH");
  });
});

describe("formatAmount with fewer decimals", () => {
  it("shows an estimate to the decimals asked, small amounts still to 4 significant digits", () => {
    const ssv = { decimals: 18, symbol: "SSV" };
    expect(formatAmount(261_340_000_000_000_000n, ssv, { fractionDigits: 2 })).toBe("0.26 SSV");
    expect(formatAmount(1_000_050_000_000_000_000n, ssv, { fractionDigits: 2 })).toBe("1 SSV");
    expect(formatAmount(4_213_000_000_000_000n, ssv, { fractionDigits: 2 })).toBe("0.004213 SSV");
  });
});

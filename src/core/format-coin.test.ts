import { describe, expect, it } from "vitest";
import { formatAmount } from "./format-coin.ts";

const ETH = 10n ** 18n;

describe("formatAmount", () => {
  const eth = { decimals: 18, symbol: "ETH" };

  it("shows balances to the coin's decimals, small amounts to 4 significant digits", () => {
    expect(formatAmount(104_410_000_000_000_000_000n, eth)).toBe("104.41 ETH");
    expect(formatAmount(64n * ETH, eth)).toBe("64 ETH");
    expect(formatAmount((ETH * 35n) / 10_000n, eth)).toBe("0.0035 ETH");
    expect(formatAmount(87_000_000_000_000n, eth)).toBe("0.000087 ETH");
    expect(formatAmount(1_234_500_000_000_000_000_000n, { decimals: 18, symbol: "CFX" })).toBe("1234.5 CFX");
    expect(formatAmount(15n, { decimals: 1, symbol: "X" })).toBe("1.5 X");
  });

  it("rounds a balance, a reward or what you receive down: never more than there is", () => {
    expect(formatAmount(999_960_000_000_000_000n, eth)).toBe("0.9999 ETH");
    expect(formatAmount(31_999_999_999_999_999_999n, eth)).toBe("31.9999 ETH");
    // The claim button's and the review's figure of issue 27: 0.28145 and 0.29055 ETH.
    expect(formatAmount(281_450_000_000_000_000n, eth)).toBe("0.2814 ETH");
    expect(formatAmount(290_550_000_000_000_000n, eth)).toBe("0.2905 ETH");
    expect(formatAmount(87_659_000_000_000n, eth)).toBe("0.000087 ETH");
    expect(formatAmount(123_456_789n, { decimals: 8, symbol: "BTC" })).toBe("1.234567 BTC");
    expect(formatAmount(1_234_567_890_000_000_000_000n, { decimals: 18, symbol: "CFX" })).toBe("1234.5678 CFX");
    expect(formatAmount(999_999_999_999_999_999_999n, eth, { locale: "en_US" })).toBe("999.9999 ETH");
    // A loss is never shown smaller than it is.
    expect(formatAmount(-123_450_000_000_000n, eth)).toBe("-0.000124 ETH");
    expect(formatAmount(-(10n ** 15n), eth)).toBe("-0.001 ETH");
  });

  it("never shows a small non-zero amount as zero, and zero as zero", () => {
    expect(formatAmount(1n, eth)).toBe("<0.000001 ETH");
    expect(formatAmount(999_999_999_999n, eth)).toBe("<0.000001 ETH");
    expect(formatAmount(-1n, eth)).toBe("-<0.000001 ETH");
    expect(formatAmount(0n, eth)).toBe("0 ETH");
    expect(formatAmount(0n, eth, { style: "atMost" })).toBe("0 ETH");
  });

  it("rounds an 'at most' figure up to 4 significant digits, never below the cap", () => {
    expect(formatAmount(243_568_199_945_250n, eth, { style: "atMost" })).toBe("0.0002436 ETH");
    expect(formatAmount(2n, eth, { style: "atMost" })).toBe("0.00000001 ETH");
    expect(formatAmount(40_000_162_518_000_731_331n, eth, { style: "atMost" })).toBe("40.0002 ETH");
    expect(formatAmount(21_000_000_000_000n, eth, { style: "atMost" })).toBe("0.000021 ETH");
    expect(formatAmount(999_960_000_000_000_000n, eth, { style: "atMost" })).toBe("1 ETH");
    expect(formatAmount(32_000_000_000_000_000_001n, eth, { style: "atMost" })).toBe("32.0001 ETH");
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
    // A fee a year is what you pay: rounded up to the decimals asked.
    expect(formatAmount(1_000_050_000_000_000_000n, ssv, { style: "atMost", fractionDigits: 2 })).toBe("1.01 SSV");
    expect(formatAmount(261_340_000_000_000_000n, ssv, { style: "atMost", fractionDigits: 2 })).toBe("0.27 SSV");
  });
});

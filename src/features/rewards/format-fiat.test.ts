import { describe, expect, it } from "vitest";
import { formatFiat } from "./format-fiat.ts";

describe("fiat figures", () => {
  it("rounds the exact decimal half up to cents in the language's format", () => {
    expect(formatFiat("4500.755000", "usd", "en_US")).toBe("$4,500.76");
    expect(formatFiat("4500.754999", "usd", "en_US")).toBe("$4,500.75");
    expect(formatFiat("7.037010", "eur", "en_US")).toBe("€7.04");
    expect(formatFiat("21.600000", "cny", "zh_CN")).toBe("¥21.60");
    expect(formatFiat("123456789012345.125000", "usd", "en_US")).toBe("$123,456,789,012,345.13");
  });

  it("never shows a non-zero reward as nothing, and zero as zero", () => {
    expect(formatFiat("0.004000", "usd", "en_US")).toBe("<$0.01");
    expect(formatFiat("0.000000", "usd", "en_US")).toBe("$0.00");
    expect(formatFiat("-2.000000", "usd", "en_US")).toBe("-$2.00");
  });
});

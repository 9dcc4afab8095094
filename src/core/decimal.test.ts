import { describe, expect, it } from "vitest";
import { compareDecimals, formatDecimal, isMultipleOf, parseDecimal, subtractDecimals } from "./decimal.ts";

const d = (text: string) => {
  const value = parseDecimal(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
};

describe("decimal amounts", () => {
  it("parses config amounts exactly and rejects anything else", () => {
    expect(parseDecimal("2048")).toEqual({ units: 2048n, scale: 0 });
    expect(parseDecimal("0.05")).toEqual({ units: 5n, scale: 2 });
    for (const bad of ["-5", "1e3", "01", ".5", "5.", " 5", "0x10", ""]) expect(parseDecimal(bad), bad).toBeUndefined();
  });

  it("compares amounts of different precision without floating point", () => {
    expect(compareDecimals(d("32"), d("32.000"))).toBe(0);
    expect(compareDecimals(d("0.1"), d("0.09999999999999999999"))).toBe(1);
    expect(compareDecimals(d("1000"), d("2048"))).toBe(-1);
  });

  it("checks that a step fits a range a whole number of times", () => {
    expect(isMultipleOf(subtractDecimals(d("2048"), d("32")), d("32"))).toBe(true);
    expect(isMultipleOf(subtractDecimals(d("2048"), d("32")), d("5"))).toBe(false);
    expect(isMultipleOf(d("0.3"), d("0.1"))).toBe(true);
    expect(() => isMultipleOf(d("1"), d("0"))).toThrow(RangeError);
  });

  it("formats without trailing zeros, keeping the sign of a difference", () => {
    expect(formatDecimal(d("2.50"))).toBe("2.5");
    expect(formatDecimal(subtractDecimals(d("10"), d("100.25")))).toBe("-90.25");
    expect(formatDecimal(d("0.000001"))).toBe("0.000001");
  });
});

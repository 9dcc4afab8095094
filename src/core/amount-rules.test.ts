import { describe, expect, it } from "vitest";
import { type AmountRules, amountSchema, checkAmount } from "./amount-rules.ts";

const ethereum: AmountRules = { minimum: "32", maximum: "2048", step: "32", decimals: 18, symbol: "ETH" };
const cosmos: AmountRules = { decimals: 6, symbol: "ATOM" };

const problem = (text: string, rules: AmountRules = ethereum) => {
  const result = checkAmount(text, rules);
  return result.ok ? undefined : result.problem;
};

describe("checkAmount", () => {
  it("accepts amounts within the limits on the step grid", () => {
    expect(checkAmount("64", ethereum)).toEqual({ ok: true, amount: { units: 64n, scale: 0 } });
    expect(checkAmount(" 2048 ", ethereum).ok).toBe(true);
    expect(checkAmount("0.000001", cosmos).ok).toBe(true);
  });

  it("says what is wrong and what is expected", () => {
    expect(problem("")).toEqual({ key: "amount.errors.required" });
    expect(problem("1e3")).toEqual({ key: "amount.errors.exponent" });
    expect(problem("1e30")).toEqual({ key: "amount.errors.exponent" });
    expect(problem("2.5E3")).toEqual({ key: "amount.errors.exponent" });
    expect(problem("1,000")).toEqual({ key: "amount.errors.separators" });
    expect(problem("1 024.5")).toEqual({ key: "amount.errors.separators" });
    expect(problem("1,5")).toEqual({ key: "amount.errors.notANumber" });
    expect(problem("abc")).toEqual({ key: "amount.errors.notANumber" });
    expect(problem("-1")).toEqual({ key: "amount.errors.notANumber" });
    expect(problem("0")).toEqual({ key: "amount.errors.notPositive" });
    expect(problem("31.9")).toEqual({ key: "amount.errors.belowMinimum", values: { minimum: "32", symbol: "ETH" } });
    expect(problem("2080")).toEqual({ key: "amount.errors.aboveMaximum", values: { maximum: "2048", symbol: "ETH" } });
    expect(problem("48")).toEqual({
      key: "amount.errors.notAStep",
      values: { minimum: "32", step: "32", symbol: "ETH" },
    });
    expect(problem("0.0000001", cosmos)).toEqual({
      key: "amount.errors.tooManyDecimals",
      values: { decimals: 6, symbol: "ATOM" },
    });
  });

  it("compares exactly, without floating point", () => {
    expect(problem("31.999999999999999999")?.key).toBe("amount.errors.belowMinimum");
    expect(problem("2048.000000000000000001")?.key).toBe("amount.errors.aboveMaximum");
    expect(checkAmount("1.500000", cosmos).ok).toBe(true);
  });
});

describe("amountSchema", () => {
  it("reports the locale key and its values as the zod issue", () => {
    const result = amountSchema(ethereum).safeParse("16");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: "amount.errors.belowMinimum",
      params: { minimum: "32", symbol: "ETH" },
    });
    expect(amountSchema(ethereum).safeParse("96").success).toBe(true);
  });
});

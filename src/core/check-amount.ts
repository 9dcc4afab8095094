import { compareDecimals, isMultipleOf, parseDecimal, type ScaledDecimal, subtractDecimals } from "./decimal.ts";

/** The limits an amount field reads from a network's config. Amounts are decimal strings in the coin. */
export interface AmountRules {
  readonly minimum?: string;
  readonly maximum?: string;
  /** Amounts must be minimum + a whole number of steps. */
  readonly step?: string;
  /** The coin's decimals: no more fractional digits than this. */
  readonly decimals: number;
  readonly symbol: string;
}

export type AmountProblem =
  | { readonly key: "amount.errors.required" }
  | { readonly key: "amount.errors.notANumber" }
  | { readonly key: "amount.errors.exponent" }
  | { readonly key: "amount.errors.separators" }
  | { readonly key: "amount.errors.notPositive" }
  | { readonly key: "amount.errors.tooManyDecimals"; readonly values: { decimals: number; symbol: string } }
  | { readonly key: "amount.errors.belowMinimum"; readonly values: { minimum: string; symbol: string } }
  | { readonly key: "amount.errors.aboveMaximum"; readonly values: { maximum: string; symbol: string } }
  | {
      readonly key: "amount.errors.notAStep";
      readonly values: { minimum: string; step: string; symbol: string };
    };

export type AmountCheck =
  | { readonly ok: true; readonly amount: ScaledDecimal }
  | { readonly ok: false; readonly problem: AmountProblem };

/** "1e30", "2.5E3": a number in exponent notation, which an amount field does not take. */
const EXPONENT = /^\d+(?:\.\d+)?e[+-]?\d+$/i;
/** "1,000", "2 048.5", "1'000": digits grouped by thousands separators. */
const GROUPED = /^\d{1,3}(?:[,\s'\u00a0\u202f]\d{3})+(?:\.\d+)?$/;

const fail = (problem: AmountProblem): AmountCheck => ({ ok: false, problem });

/**
 * Checks what a user typed against a network's limits, exactly (no floating point): a plain decimal (not "1e30",
 * not "1,000": each gets its own problem) with at most `decimals` fractional digits, above zero, within minimum and maximum, on the step grid.
 */
export function checkAmount(text: string, rules: AmountRules): AmountCheck {
  const trimmed = text.trim();
  if (trimmed === "") return fail({ key: "amount.errors.required" });
  const amount = parseDecimal(trimmed);
  if (!amount) {
    if (EXPONENT.test(trimmed)) return fail({ key: "amount.errors.exponent" });
    if (GROUPED.test(trimmed)) return fail({ key: "amount.errors.separators" });
    return fail({ key: "amount.errors.notANumber" });
  }
  if (amount.units === 0n) return fail({ key: "amount.errors.notPositive" });
  const fraction = trimmed.split(".")[1] ?? "";
  if (fraction.replace(/0+$/, "").length > rules.decimals) {
    return fail({ key: "amount.errors.tooManyDecimals", values: { decimals: rules.decimals, symbol: rules.symbol } });
  }
  const minimum = rules.minimum === undefined ? undefined : parseDecimal(rules.minimum);
  const maximum = rules.maximum === undefined ? undefined : parseDecimal(rules.maximum);
  if (minimum && rules.minimum && compareDecimals(amount, minimum) < 0) {
    return fail({ key: "amount.errors.belowMinimum", values: { minimum: rules.minimum, symbol: rules.symbol } });
  }
  if (maximum && rules.maximum && compareDecimals(amount, maximum) > 0) {
    return fail({ key: "amount.errors.aboveMaximum", values: { maximum: rules.maximum, symbol: rules.symbol } });
  }
  const step = rules.step === undefined ? undefined : parseDecimal(rules.step);
  if (step && rules.step && step.units > 0n) {
    const base = minimum ?? { units: 0n, scale: 0 };
    if (!isMultipleOf(subtractDecimals(amount, base), step)) {
      return fail({
        key: "amount.errors.notAStep",
        values: { minimum: rules.minimum ?? "0", step: rules.step, symbol: rules.symbol },
      });
    }
  }
  return { ok: true, amount };
}

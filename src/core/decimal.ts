/**
 * Exact arithmetic on the decimal strings config uses for amounts ("32", "0.5").
 * Amounts never pass through floating point.
 */

const DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/** A decimal as an integer count of 10^-scale units: "2.50" is { units: 250n, scale: 2 }. */
export interface ScaledDecimal {
  readonly units: bigint;
  readonly scale: number;
}

/** Parses a non-negative decimal string; returns undefined when it is not one. */
export function parseDecimal(text: string): ScaledDecimal | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? "";
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

function align(a: ScaledDecimal, b: ScaledDecimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compareDecimals(a: ScaledDecimal, b: ScaledDecimal): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** a - b (may be negative). */
export function subtractDecimals(a: ScaledDecimal, b: ScaledDecimal): ScaledDecimal {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
}

/** True when a is a whole multiple of b (b must be positive). */
export function isMultipleOf(a: ScaledDecimal, b: ScaledDecimal): boolean {
  const [x, y] = align(a, b);
  if (y <= 0n) throw new RangeError("isMultipleOf: the divisor must be positive");
  return x % y === 0n;
}

/** Formats a scaled decimal without trailing fractional zeros ("2.50" becomes "2.5"). */
export function formatDecimal(value: ScaledDecimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, "0");
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

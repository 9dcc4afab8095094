import { formatUnits } from "viem";

/**
 * Formats an amount in base units (wei for 18 decimals) as "{amount} {symbol}", rounded half up to at most
 * `fractionDigits` digits without trailing zeros ("0.0035 ETH"). A non-zero amount that rounds to zero reads
 * "<0.000001 ETH" (or "-<…" when negative), so a small reward never shows as nothing.
 */
export function formatCoin(units: bigint, decimals: number, symbol: string, fractionDigits = 6): string {
  const shown = Math.min(fractionDigits, decimals);
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const step = 10n ** BigInt(decimals - shown);
  const rounded = (magnitude + step / 2n) / step;
  const sign = negative ? "-" : "";
  if (rounded === 0n && magnitude > 0n) return `${sign}<0.${"0".repeat(shown - 1)}1 ${symbol}`;
  const digits = rounded.toString().padStart(shown + 1, "0");
  const whole = digits.slice(0, digits.length - shown);
  const fraction = digits.slice(digits.length - shown).replace(/0+$/, "");
  return `${rounded === 0n ? "" : sign}${whole}${fraction ? `.${fraction}` : ""} ${symbol}`;
}

/**
 * Formats an amount in base units exactly, every significant digit kept ("32.000000001 ETH"): for what a
 * transaction moves (reviews, balances it is checked against), where rounding would misstate the amount.
 */
export function formatCoinExact(units: bigint, decimals: number, symbol: string): string {
  return `${formatUnits(units, decimals)} ${symbol}`;
}

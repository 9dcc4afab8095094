import { formatUnits } from "viem";

/** The coin an amount is counted in: its base units' decimals (18 for wei) and its symbol. */
export interface CoinUnits {
  readonly decimals: number;
  readonly symbol: string;
}

/**
 * How an amount reads:
 * - "amount" (what you have, earn or receive: balances, rewards, claimable, "You receive"): the coin's decimals
 *   (see coinFractionDigits), and small amounts to 4 significant digits, at most 6 decimals, rounded DOWN, so
 *   the figure is never more than there is (0.99996 ETH reads "0.9999 ETH", not "1 ETH"; a penalty of
 *   0.00012345 ETH reads "-0.000124 ETH"); a non-zero amount smaller than the last digit shown reads
 *   "<0.000001 ETH" ("-<0.000001 ETH"), so it never shows as nothing.
 * - "atMost" (what you pay or need: a network fee's cap, a total "up to", what you send, a fee, a minimum): 4
 *   significant digits (the coin's decimals when that is more), at most 8 decimals, rounded UP, so the figure
 *   is never less than it is ("up to 0.0002436 ETH"; a 2 wei fee reads "0.00000001 ETH").
 * - "exact": every significant digit (what a hover or a copy gives).
 */
export type AmountStyle = "amount" | "atMost" | "exact";

export interface FormatAmountOptions {
  readonly style?: AmountStyle;
  /** A BCP 47 tag or the app's language code ("en_US", "zh_CN"); digits are grouped its way. */
  readonly locale?: string;
  /** The decimals of a figure that is not small, instead of the coin's (an estimate's 2: "0.26 SSV"). */
  readonly fractionDigits?: number;
}

const SIGNIFICANT_DIGITS = 4;
const MAX_DECIMALS: Record<Exclude<AmountStyle, "exact">, number> = { amount: 6, atMost: 8 };

/**
 * The decimals a coin's amounts show when they are not small: 4 for coins of 9 or more base decimals (ETH, CFX,
 * SOL, SSV), 6 for coins of fewer (BTC's 8), whose unit is worth more.
 */
export function coinFractionDigits(decimals: number): number {
  return decimals <= 8 ? 6 : 4;
}

const groupers = new Map<string, Intl.NumberFormat>();

/** Groups the whole part of a plain decimal string the locale's way from 5 digits on ("12,345.5", "1000"), every digit kept. */
function localise(plain: string, locale: string): string {
  const tag = locale.replace("_", "-");
  let grouper = groupers.get(tag);
  if (!grouper) {
    grouper = new Intl.NumberFormat(tag, { maximumFractionDigits: 20, useGrouping: "min2" });
    groupers.set(tag, grouper);
  }
  const [whole = "0", fraction] = plain.split(".");
  // The whole part is grouped as an integer (exact for any size); the fraction keeps every digit.
  const grouped = grouper.format(BigInt(whole));
  if (!fraction) return grouped;
  const separator = grouper.formatToParts(0.5).find((part) => part.type === "decimal")?.value ?? ".";
  return `${grouped}${separator}${fraction}`;
}

/** `magnitude` (base units, not negative) as a plain decimal string cut (or, `up`, rounded up) to `shown` decimals. */
function rounded(magnitude: bigint, decimals: number, shown: number, up: boolean): { text: string; zero: boolean } {
  const step = 10n ** BigInt(decimals - shown);
  const units = up ? (magnitude + step - 1n) / step : magnitude / step;
  const digits = units.toString().padStart(shown + 1, "0");
  const whole = digits.slice(0, digits.length - shown);
  const fraction = digits.slice(digits.length - shown).replace(/0+$/, "");
  return { text: fraction ? `${whole}.${fraction}` : whole, zero: units === 0n };
}

/** How many decimals show `magnitude` to SIGNIFICANT_DIGITS significant digits (0 for 1 and more). */
function significantDecimals(magnitude: bigint, decimals: number): number {
  const length = magnitude.toString().length;
  return Math.max(0, decimals - length + SIGNIFICANT_DIGITS);
}

/**
 * The one formatter of amounts: base units (wei for 18 decimals) as "{amount} {symbol}" in the given style
 * (see AmountStyle), digits grouped the locale's way ("1,234.5 ETH"), trailing zeros dropped.
 */
export function formatAmount(units: bigint, coin: CoinUnits, options: FormatAmountOptions = {}): string {
  const { style = "amount", locale = "en-US", fractionDigits } = options;
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const sign = negative ? "-" : "";
  if (style === "exact") return `${sign}${localise(formatUnits(magnitude, coin.decimals), locale)} ${coin.symbol}`;
  const cap = Math.min(MAX_DECIMALS[style], coin.decimals);
  const significant = significantDecimals(magnitude, coin.decimals);
  const asked = Math.min(fractionDigits ?? coinFractionDigits(coin.decimals), coin.decimals);
  // Asked decimals (an estimate's): those, unless the figure is smaller than their last digit. Otherwise the
  // coin's decimals, or 4 significant digits when that shows more.
  const shown = Math.min(
    cap,
    fractionDigits !== undefined && magnitude >= 10n ** BigInt(coin.decimals - asked)
      ? asked
      : Math.max(asked, significant),
  );
  // Down means towards minus infinity: a loss's magnitude is rounded up (never shows less lost than it is),
  // and up towards plus infinity. Only "atMost" rounds up, and what it caps is never negative.
  const up = (style === "atMost") !== negative;
  const tiny = magnitude > 0n && magnitude < 10n ** BigInt(coin.decimals - shown);
  if (tiny && !(style === "atMost" && !negative))
    return `${sign}<${localise(`0.${"0".repeat(shown - 1)}1`, locale)} ${coin.symbol}`;
  const result = rounded(magnitude, coin.decimals, shown, up);
  return `${result.zero ? "" : sign}${localise(result.text, locale)} ${coin.symbol}`;
}

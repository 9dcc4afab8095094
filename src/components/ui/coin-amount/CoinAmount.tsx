import { formatCoin, formatCoinExact } from "../../../core/format-coin.ts";
import "./coin-amount.css";

export interface CoinAmountProps {
  /** The amount in base units (wei for 18 decimals). */
  readonly value: bigint;
  readonly decimals: number;
  readonly symbol: string;
  /** Every significant digit (what a transaction moves), instead of at most `fractionDigits` rounded. */
  readonly exact?: boolean;
  readonly fractionDigits?: number;
  /** Larger and bold: the figure people act on. */
  readonly emphasis?: boolean;
  readonly className?: string;
}

/** An amount of a coin ("32 ETH") in tabular numerals, so figures in a column line up. */
export function CoinAmount({
  value,
  decimals,
  symbol,
  exact = false,
  fractionDigits,
  emphasis,
  className,
}: CoinAmountProps) {
  const text = exact ? formatCoinExact(value, decimals, symbol) : formatCoin(value, decimals, symbol, fractionDigits);
  return (
    <span
      className={["ui-coin-amount", emphasis ? "ui-coin-amount--emphasis" : "", className].filter(Boolean).join(" ")}
    >
      {text}
    </span>
  );
}

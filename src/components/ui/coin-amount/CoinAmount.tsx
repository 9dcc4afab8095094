import type { ClipboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { type AmountStyle, formatAmount } from "../../../core/format-coin.ts";
import "./coin-amount.css";

export interface CoinAmountProps {
  /** The amount in base units (wei for 18 decimals). */
  readonly value: bigint;
  readonly decimals: number;
  readonly symbol: string;
  /**
   * How it is rounded (see AmountStyle): default "amount", rounded down (a balance, a reward, what you receive);
   * "atMost", rounded up, for what you pay or need (a fee's cap, a total "up to", what you send).
   */
  readonly amountStyle?: Exclude<AmountStyle, "exact">;
  /** The decimals of a figure that is not small, instead of the coin's (see formatAmount). */
  readonly fractionDigits?: number;
  /** Larger and bold: the figure people act on. */
  readonly emphasis?: boolean;
  readonly className?: string;
}

/**
 * Copying a rounded figure (alone) copies its exact value: the selection is the figure's text, the clipboard
 * gets every digit. A wider selection is left as it is.
 */
function copyExact(event: ClipboardEvent<HTMLElement>, exact: string) {
  const selected = document.getSelection()?.toString().trim();
  if (!selected || selected !== event.currentTarget.textContent?.trim()) return;
  event.clipboardData.setData("text/plain", exact);
  event.preventDefault();
}

/**
 * An amount of a coin ("32 ETH") in tabular numerals, so figures in a column line up, rounded by the one
 * amount formatter (formatAmount) in the page's language; its exact value on hover (title) and on copy.
 */
export function CoinAmount({
  value,
  decimals,
  symbol,
  amountStyle,
  fractionDigits,
  emphasis,
  className,
}: CoinAmountProps) {
  const { i18n } = useTranslation();
  const coin = { decimals, symbol };
  const locale = i18n.language;
  const text = formatAmount(value, coin, { style: amountStyle, locale, fractionDigits });
  const exact = formatAmount(value, coin, { style: "exact", locale });
  return (
    <span
      className={["ui-coin-amount", emphasis ? "ui-coin-amount--emphasis" : "", className].filter(Boolean).join(" ")}
      title={exact === text ? undefined : exact}
      onCopy={(event) => copyExact(event, exact)}
    >
      {text}
    </span>
  );
}

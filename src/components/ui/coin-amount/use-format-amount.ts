import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { type AmountStyle, type CoinUnits, formatAmount } from "../../../core/format-coin.ts";

/**
 * The amount formatter (formatAmount) in the page's language, for amounts inside a sentence or a button's
 * label ("Claim 0.2814 ETH"); a figure on its own is a CoinAmount (exact value on hover and copy).
 */
export function useFormatAmount(): (units: bigint, coin: CoinUnits, style?: AmountStyle) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (units: bigint, coin: CoinUnits, style?: AmountStyle) => formatAmount(units, coin, { style, locale }),
    [locale],
  );
}

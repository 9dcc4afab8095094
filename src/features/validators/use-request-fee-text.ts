import { useTranslation } from "react-i18next";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";

/**
 * How an execution-layer request fee (EIP-7002, EIP-7251) reads: usually a few wei, so said in wei rather than
 * with 18 decimals; from a gwei up, the coin rounded up, as a fee is what you pay.
 */
export function useRequestFeeText(decimals: number, symbol: string): (wei: bigint) => string {
  const { t } = useTranslation();
  const format = useFormatAmount();
  return (wei) =>
    wei < 1_000_000_000n ? t("unstake.wei", { amount: wei.toString() }) : format(wei, { decimals, symbol }, "atMost");
}

import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ReviewRow } from "../../components/transaction/ReviewRow.tsx";
import type { TransactionFlow } from "../../components/transaction/use-transaction-flow.ts";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";

/** What an unstake request being reviewed or signed does (partial amount or exit) and for which validator. */
export function UnstakeSummary({ flow, symbol }: { readonly flow: TransactionFlow; readonly symbol: string }) {
  const { t } = useTranslation();
  const format = useFormatAmount();
  if (flow.step !== "review" && flow.step !== "signing") return null;
  const details = flow.prepared.details;
  return (
    <>
      <ReviewRow label={t("unstake.request")}>
        {details?.choice === "partial"
          ? t("unstake.partialSummary", { amount: format(BigInt(details.amountGwei ?? "0"), { decimals: 9, symbol }) })
          : t("unstake.exitSummary")}
      </ReviewRow>
      <ReviewRow label={t("unstake.validator")}>
        <code className="long-value">{details?.pubkey}</code>
      </ReviewRow>
    </>
  );
}

/**
 * What an unstake request under review gets the withdrawal address: the partial amount, or for an exit the
 * validator's balance as read for the review; both paid later, by the consensus layer.
 */
export function unstakeReceive(
  flow: TransactionFlow,
  t: TFunction,
): { readonly wei: bigint; readonly note: string } | undefined {
  if (flow.step !== "review" && flow.step !== "signing") return undefined;
  const details = flow.prepared.details;
  if (details?.choice === "partial")
    return { wei: BigInt(details.amountGwei ?? "0") * 1_000_000_000n, note: t("unstake.receivePartialNote") };
  return { wei: BigInt(details?.balanceWei ?? "0"), note: t("unstake.receiveExitNote") };
}

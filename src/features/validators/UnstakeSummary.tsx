import { useTranslation } from "react-i18next";
import { ReviewRow } from "../../components/transaction/ReviewRow.tsx";
import type { TransactionFlow } from "../../components/transaction/use-transaction-flow.ts";
import { formatCoinExact } from "../../core/format-coin.ts";

/** What an unstake request being reviewed or signed does (partial amount or exit) and for which validator. */
export function UnstakeSummary({ flow, symbol }: { readonly flow: TransactionFlow; readonly symbol: string }) {
  const { t } = useTranslation();
  if (flow.step !== "review" && flow.step !== "signing") return null;
  const details = flow.prepared.details;
  return (
    <>
      <ReviewRow label={t("unstake.request")}>
        {details?.choice === "partial"
          ? t("unstake.partialSummary", { amount: formatCoinExact(BigInt(details.amountGwei ?? "0"), 9, symbol) })
          : t("unstake.exitSummary")}
      </ReviewRow>
      <ReviewRow label={t("unstake.validator")}>
        <code className="long-value">{details?.pubkey}</code>
      </ReviewRow>
    </>
  );
}

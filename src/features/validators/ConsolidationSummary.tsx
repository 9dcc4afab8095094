import { useTranslation } from "react-i18next";
import { ReviewRow } from "../../components/transaction/ReviewRow.tsx";
import type { TransactionFlow } from "../../components/transaction/use-transaction-flow.ts";
import { formatDuration } from "../../core/format-duration.ts";

/**
 * What an EIP-7251 request under review does, in words: the upgrade of one validator to compounding
 * credentials, or the consolidation of one validator into another (and when the balance should arrive there).
 */
export function ConsolidationSummary({ flow }: { readonly flow: TransactionFlow }) {
  const { t, i18n } = useTranslation();
  if (flow.step !== "review" && flow.step !== "signing") return null;
  const details = flow.prepared.details ?? {};
  const upgrade = details.choice === "upgrade";
  const movedAt = details.movedAt ? BigInt(details.movedAt) : undefined;
  const left = movedAt === undefined ? 0n : movedAt - BigInt(Math.floor(Date.now() / 1000));
  return (
    <>
      <ReviewRow label={t("consolidate.request")}>
        {upgrade
          ? t("consolidate.upgradeSummary")
          : t("consolidate.consolidateSummary", { index: details.targetIndex ?? "" })}
      </ReviewRow>
      <ReviewRow label={upgrade ? t("consolidate.validator") : t("consolidate.source")}>
        <code className="long-value">{details.sourcePubkey}</code>
      </ReviewRow>
      {upgrade ? null : (
        <ReviewRow label={t("consolidate.target")}>
          <code className="long-value">{details.targetPubkey}</code>
        </ReviewRow>
      )}
      <ReviewRow label={t("consolidate.expected")}>
        {upgrade
          ? t("consolidate.upgradeExpected")
          : t("consolidate.consolidateExpected", {
              index: details.targetIndex ?? "",
              epoch: details.movedByEpoch ?? "",
              wait: formatDuration(left > 0n ? left : 0n, i18n.language),
            })}
      </ReviewRow>
    </>
  );
}

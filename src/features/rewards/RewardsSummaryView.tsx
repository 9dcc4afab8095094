import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../components/api/ApiErrorAlert.tsx";
import type { Network } from "../../generated/index.ts";
import type { RewardsSummary } from "../../lib/api/rewards-summary.ts";
import { formatCoin } from "../../lib/format-coin.ts";
import { formatDay } from "../../lib/format-date.ts";

const AMOUNTS = [
  ["consensus", "consensusRewardsWei"],
  ["execution", "executionRewardsWei"],
  ["earned", "earnedWei"],
  ["total", "totalWei"],
  ["daily", "dailyIncomeWei"],
  ["weekly", "weeklyIncomeWei"],
  ["monthly", "monthlyIncomeWei"],
] as const;

/** The owner's rewards: consensus, execution, earned, total, daily / weekly / monthly income and average APR. */
export function RewardsSummaryView({
  network,
  summary,
}: {
  readonly network: Network;
  readonly summary: UseQueryResult<RewardsSummary>;
}) {
  const { t } = useTranslation();
  const data = summary.data;
  return (
    <section aria-labelledby="rewards-summary" className="rewards-summary">
      <h2 id="rewards-summary">{t("rewards.summary.heading")}</h2>
      {summary.isLoading ? <p aria-busy="true">{t("rewards.loading")}</p> : null}
      {summary.isError ? (
        <ApiErrorAlert
          message={t("rewards.summary.failed")}
          error={summary.error}
          retryLabel={t("rewards.retry")}
          onRetry={() => void summary.refetch()}
        />
      ) : null}
      {data && data.asOf === null ? <p>{t("rewards.summary.empty", { network: network.name })}</p> : null}
      {data && data.asOf !== null ? (
        <>
          <dl className="summary-grid">
            {AMOUNTS.map(([label, field]) => (
              <div key={label} className="summary-item" data-field={label}>
                <dt>{t(`rewards.summary.${label}`)}</dt>
                <dd>{formatCoin(data[field], network.decimals, network.symbol)}</dd>
              </div>
            ))}
            <div className="summary-item" data-field="apr">
              <dt>{t("rewards.summary.apr")}</dt>
              <dd>{data.averageApr === null ? "—" : t("rewards.percent", { value: data.averageApr })}</dd>
            </div>
          </dl>
          <p className="hint">
            {t("rewards.summary.asOf", { date: formatDay(data.asOf), count: data.validatorCount })}
          </p>
        </>
      ) : null}
    </section>
  );
}

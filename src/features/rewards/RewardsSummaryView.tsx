import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ApiErrorAlert } from "../../components/api/ApiErrorAlert.tsx";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import { EmptyState } from "../../components/ui/empty-state/EmptyState.tsx";
import { Stat } from "../../components/ui/stat/Stat.tsx";
import { StatGrid } from "../../components/ui/stat-grid/StatGrid.tsx";
import type { RewardsSummary } from "../../core/api/rewards-summary.ts";
import { formatDay } from "../../core/format-date.ts";
import type { Network } from "../../generated/index.ts";
import { formatFiat } from "./format-fiat.ts";

/**
 * The figures after the two that lead (earned and average APR), in reading order. Principal movements have
 * their own lines (never counted as a loss), shown once something moved: `always` false hides a zero.
 */
const AMOUNTS = [
  ["consensus", "consensusRewardsWei", true],
  ["execution", "executionRewardsWei", true],
  ["deposited", "depositedWei", true],
  ["withdrawnPrincipal", "withdrawnPrincipalWei", false],
  ["exited", "exitedPrincipalWei", false],
  ["total", "totalWei", true],
  ["daily", "dailyIncomeWei", true],
  ["weekly", "weeklyIncomeWei", true],
  ["monthly", "monthlyIncomeWei", true],
] as const;

/**
 * The owner's rewards as stat cards: earned and average APR first, then consensus and execution rewards, the
 * principal (deposited, withdrawn, returned by exits), the total (principal still staked plus everything
 * earned) and daily / weekly / monthly income; skeleton cards while loading; an empty state with the way to
 * stake.
 */
export function RewardsSummaryView({
  network,
  summary,
}: {
  readonly network: Network;
  readonly summary: UseQueryResult<RewardsSummary>;
}) {
  const { t, i18n } = useTranslation();
  const data = summary.data;
  const loading = summary.isPending && !data;
  const ready = data && data.asOf !== null ? data : undefined;
  const format = useFormatAmount();
  const coin = (value: bigint) => format(value, network);
  const apr = ready?.averageApr;
  return (
    <section aria-labelledby="rewards-summary" className="rewards-summary dashboard-section" aria-busy={loading}>
      <h2 id="rewards-summary">{t("rewards.summary.heading")}</h2>
      {summary.isError ? (
        <ApiErrorAlert
          message={t("rewards.summary.failed")}
          error={summary.error}
          retryLabel={t("rewards.retry")}
          onRetry={() => void summary.refetch()}
        />
      ) : null}
      {data && data.asOf === null ? (
        <EmptyState
          action={
            network.screens.includes("stake") ? (
              <Link className={buttonClass("primary")} to={`/${network.slug}`}>
                {t("rewards.summary.emptyAction", { symbol: network.symbol })}
              </Link>
            ) : null
          }
        >
          {t("rewards.summary.empty", { network: network.name })}
        </EmptyState>
      ) : null}
      {loading || ready ? (
        <>
          <StatGrid>
            <Stat
              data-field="earned"
              className="ui-stat--lead"
              label={t("rewards.summary.earned")}
              value={ready && coin(ready.earnedWei)}
              hint={
                ready?.fiat
                  ? t(ready.fiat.unpricedDays > 0 ? "rewards.summary.fiatPartial" : "rewards.summary.fiat", {
                      amount: formatFiat(ready.fiat.earned, ready.fiat.currency, i18n.language),
                      source: ready.fiat.source,
                      count: ready.fiat.unpricedDays,
                    })
                  : undefined
              }
              loading={loading}
            />
            <Stat
              data-field="apr"
              className="ui-stat--lead"
              label={t("rewards.summary.apr")}
              value={
                apr === null ? (
                  <span className="rewards-summary__pending">{t("rewards.summary.aprNotEnough")}</span>
                ) : (
                  apr && t("rewards.percent", { value: apr })
                )
              }
              loading={loading}
            />
            {AMOUNTS.filter(([, field, always]) => always || (ready && ready[field] !== 0n)).map(([label, field]) => (
              <Stat
                key={label}
                data-field={label}
                label={t(`rewards.summary.${label}`)}
                value={ready && coin(ready[field])}
                loading={loading}
              />
            ))}
          </StatGrid>
          {ready?.asOf ? (
            <p className="hint">
              {t("rewards.summary.asOf", { date: formatDay(ready.asOf), count: ready.validatorCount })}{" "}
              {t("rewards.summary.rule")}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

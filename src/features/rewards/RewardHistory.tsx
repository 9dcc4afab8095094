import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { ApiErrorAlert } from "../../components/api/ApiErrorAlert.tsx";
import { ScrollableRegion } from "../../components/table/ScrollableRegion.tsx";
import type { Network } from "../../generated/index.ts";
import type { OwnerScope } from "../../lib/api/owner-scope.ts";
import { rewardsHistoryCsvUrl, rewardsHistoryQueryOptions } from "../../lib/api/rewards-history-query.ts";
import { formatCoin } from "../../lib/format-coin.ts";
import { formatDay } from "../../lib/format-date.ts";
import { DailyRewardsChart } from "./DailyRewardsChart.tsx";
import { HISTORY_PAGE_SIZE, historyPage } from "./history-page.ts";
import { RewardHistoryFilters } from "./RewardHistoryFilters.tsx";
import { pageCount, readRewardQuery, rewardSearch } from "./reward-query.ts";

/** The owner's daily rewards: filters, a chart of the page, the table, paging and the CSV download. */
export function RewardHistory({ network, scope }: { readonly network: Network; readonly scope: OwnerScope }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = readRewardQuery(params);
  const history = useQuery(rewardsHistoryQueryOptions(scope, historyPage(query)));
  const data = history.data;
  const pages = data ? pageCount(data.total, HISTORY_PAGE_SIZE) : 1;
  const coin = (value: bigint) => formatCoin(value, network.decimals, network.symbol);
  const filterKey = `${query.type}:${query.from ?? ""}:${query.to ?? ""}`;
  return (
    <section aria-labelledby="rewards-history" className="rewards-history">
      <h2 id="rewards-history">{t("rewards.history.heading")}</h2>
      <RewardHistoryFilters
        key={filterKey}
        query={query}
        onApply={(changes) => navigate({ search: rewardSearch(params, changes) })}
      />
      <p>
        <a href={rewardsHistoryCsvUrl(scope, historyPage(query))} download>
          {t("rewards.history.download")}
        </a>
      </p>
      {history.isLoading ? <p aria-busy="true">{t("rewards.loading")}</p> : null}
      {history.isError ? (
        <ApiErrorAlert
          message={t("rewards.history.failed")}
          error={history.error}
          retryLabel={t("rewards.retry")}
          onRetry={() => void history.refetch()}
        />
      ) : null}
      {data && data.rows.length === 0 ? <p>{t("rewards.history.empty")}</p> : null}
      {data && data.rows.length > 0 ? (
        <>
          <DailyRewardsChart rows={data.rows} type={query.type} network={network} />
          <ScrollableRegion label={t("rewards.history.table")}>
            <table aria-busy={history.isFetching ? true : undefined}>
              <caption>
                {t("rewards.history.caption", { count: data.total, type: t(`rewards.types.${query.type}`) })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("rewards.history.day")}</th>
                  <th scope="col">{t("rewards.history.validators")}</th>
                  <th scope="col">{t("rewards.history.consensus")}</th>
                  <th scope="col">{t("rewards.history.execution")}</th>
                  <th scope="col">{t("rewards.history.total")}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.day}>
                    <th scope="row">{formatDay(row.day)}</th>
                    <td>{row.validatorCount}</td>
                    <td>{coin(row.consensusRewardWei)}</td>
                    <td>{coin(row.executionRewardWei)}</td>
                    <td>{coin(row.totalRewardWei)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollableRegion>
        </>
      ) : null}
      {data && pages > 1 ? (
        <nav aria-label={t("rewards.history.pages")} className="pager">
          {query.current > 1 ? (
            <Link to={{ search: rewardSearch(params, { current: query.current - 1 }) }}>
              {t("rewards.history.previous")}
            </Link>
          ) : null}
          <span aria-current="page">{t("rewards.history.page", { current: query.current, pages })}</span>
          {query.current < pages ? (
            <Link to={{ search: rewardSearch(params, { current: query.current + 1 }) }}>
              {t("rewards.history.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

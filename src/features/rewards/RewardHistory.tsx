import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { ApiErrorAlert } from "../../components/api/ApiErrorAlert.tsx";
import { buttonClass } from "../../components/ui/button/button-class.ts";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import { EmptyState } from "../../components/ui/empty-state/EmptyState.tsx";
import { Table, type TableColumn } from "../../components/ui/table/Table.tsx";
import { TablePager } from "../../components/ui/table/TablePager.tsx";
import { TableSkeleton } from "../../components/ui/table/TableSkeleton.tsx";
import { Tabs } from "../../components/ui/tabs/Tabs.tsx";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import { FIAT_CURRENCY_CODES, REWARD_TYPES, type RewardsHistoryRow } from "../../core/api/rewards-history.ts";
import { formatDay } from "../../core/format-date.ts";
import { app, type Network } from "../../generated/index.ts";
import { rewardsHistoryCsvUrl, rewardsHistoryQueryOptions } from "../../lib/api/rewards-history-query.ts";
import { formatFiat } from "./format-fiat.ts";
import { HISTORY_PAGE_SIZE, historyPage } from "./history-page.ts";
import { RewardChartCard } from "./RewardChartCard.tsx";
import { RewardHistoryFilters } from "./RewardHistoryFilters.tsx";
import { pageCount, readRewardQuery, rewardSearch } from "./reward-query.ts";

/**
 * The owner's daily rewards: the type of reward as tabs, a date range, the chart of the page in its card,
 * the table with paging, and the CSV download.
 */
export function RewardHistory({ network, scope }: { readonly network: Network; readonly scope: OwnerScope }) {
  const { t, i18n } = useTranslation();
  const currencyId = useId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = readRewardQuery(params);
  const history = useQuery(rewardsHistoryQueryOptions(scope, historyPage(query)));
  const data = history.data;
  const pages = data ? pageCount(data.total, HISTORY_PAGE_SIZE) : 1;
  const format = useFormatAmount();
  const coin = (value: bigint) => format(value, network);
  const amount = (key: string, field: keyof RewardsHistoryRow & `${string}Wei`): TableColumn<RewardsHistoryRow> => ({
    key,
    header: t(`rewards.history.${key}`),
    numeric: true,
    cell: (row) => coin(row[field]),
    sortValue: (row) => row[field],
  });
  const fiat = data?.fiat;
  const money = (value: string | null | undefined) =>
    value === null || value === undefined || !fiat ? (
      <span title={t("rewards.fiat.noPrice")}>{t("rewards.fiat.none")}</span>
    ) : (
      formatFiat(value, fiat.currency, i18n.language)
    );
  const columns: TableColumn<RewardsHistoryRow>[] = [
    { key: "day", header: t("rewards.history.day"), cell: (row) => formatDay(row.day), sortValue: (row) => row.day },
    { key: "validators", header: t("rewards.history.validators"), numeric: true, cell: (row) => row.validatorCount },
    amount("consensus", "consensusRewardWei"),
    amount("execution", "executionRewardWei"),
    amount("total", "totalRewardWei"),
    ...(fiat
      ? [
          {
            key: "price",
            header: t("rewards.fiat.price", { currency: fiat.currency.toUpperCase() }),
            numeric: true,
            cell: (row: RewardsHistoryRow) => money(row.price),
          },
          {
            key: "totalFiat",
            header: t("rewards.fiat.total", { currency: fiat.currency.toUpperCase() }),
            numeric: true,
            cell: (row: RewardsHistoryRow) => money(row.totalRewardFiat),
          },
        ]
      : []),
  ];
  const offersFiat = Boolean(app.prices && network.priceId);
  return (
    <section aria-labelledby="rewards-history" className="rewards-history dashboard-section">
      <div className="dashboard-section__head">
        <h2 id="rewards-history">{t("rewards.history.heading")}</h2>
        <div className="rewards-history__actions">
          {offersFiat ? (
            <label className="rewards-history__currency" htmlFor={currencyId}>
              {t("rewards.fiat.label")}
              <select
                id={currencyId}
                value={query.currency ?? ""}
                onChange={(event) => {
                  const code = FIAT_CURRENCY_CODES.find((each) => each === event.target.value);
                  navigate({ search: rewardSearch(params, { currency: code }) }, { replace: true });
                }}
              >
                <option value="">{t("rewards.fiat.coinOnly", { symbol: network.symbol })}</option>
                {FIAT_CURRENCY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code.toUpperCase()}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <a className={buttonClass("secondary")} href={rewardsHistoryCsvUrl(scope, historyPage(query))} download>
            {t("rewards.history.download")}
          </a>
        </div>
      </div>
      {query.currency && data ? (
        <p className="hint" role="status">
          {fiat
            ? t("rewards.fiat.source", { source: fiat.source, currency: fiat.currency.toUpperCase() })
            : t("rewards.fiat.unavailable", { network: network.name })}
        </p>
      ) : null}
      <Tabs
        label={t("rewards.history.type")}
        items={REWARD_TYPES.map((type) => ({ id: type, label: t(`rewards.types.${type}`) }))}
        selected={query.type}
        onSelect={(type) => navigate({ search: rewardSearch(params, { type }) })}
      >
        <RewardHistoryFilters
          key={`${query.from ?? ""}:${query.to ?? ""}`}
          query={query}
          onApply={(changes) => navigate({ search: rewardSearch(params, changes) })}
        />
        {history.isError ? (
          <ApiErrorAlert
            message={t("rewards.history.failed")}
            error={history.error}
            retryLabel={t("rewards.retry")}
            onRetry={() => void history.refetch()}
          />
        ) : null}
        {(history.isPending && !data) || (data && data.rows.length > 0) ? (
          <RewardChartCard rows={data?.rows} type={query.type} network={network} />
        ) : null}
        {history.isPending && !data ? <TableSkeleton label={t("rewards.loading")} /> : null}
        {data ? (
          <Table
            label={t("rewards.history.table")}
            caption={t("rewards.history.caption", { count: data.total, type: t(`rewards.types.${query.type}`) })}
            columns={columns}
            rows={data.rows}
            rowKey={(row) => row.day}
            busy={history.isFetching}
            empty={<EmptyState>{`${t("rewards.history.empty")} ${t("rewards.history.emptyNext")}`}</EmptyState>}
            pager={
              <TablePager
                label={t("rewards.history.pages")}
                current={query.current}
                pages={pages}
                to={(page) => ({ search: rewardSearch(params, { current: page }) })}
                texts={{
                  previous: t("rewards.history.previous"),
                  next: t("rewards.history.next"),
                  page: t("rewards.history.page", { current: query.current, pages }),
                }}
              />
            }
          />
        ) : null}
      </Tabs>
    </section>
  );
}

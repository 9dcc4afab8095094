import type { FastifyInstance } from "fastify";
import {
  type FiatCurrencyCode,
  type RewardsHistoryRow,
  rewardsHistoryCsvPath,
  rewardsHistoryPath,
  rewardsHistoryQuery,
  rewardsHistoryResponse,
} from "../../src/core/api/rewards-history.ts";
import { rewardsSummaryPath, rewardsSummaryQuery, rewardsSummaryResponse } from "../../src/core/api/rewards-summary.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { type OwnerScope, resolveOwnerScope } from "../owners/owner-scope.ts";
import type { RewardPricing } from "../prices/reward-pricing.ts";
import { sumFiat, withFiat } from "../prices/reward-pricing.ts";
import { rewardsHistory, rewardsHistoryCsv } from "../rewards/rewards-history.ts";
import { rewardsSummary } from "../rewards/rewards-summary.ts";
import type { ReadRouteDependencies } from "./read-route-dependencies.ts";

const CSV_ROW_LIMIT = 10_000;

/** GET /rewards/summary, /rewards/history and /rewards/history.csv for one owner on one network environment. */
export async function rewardsRoutes(
  app: FastifyInstance,
  { storage, registry, served, pricing }: ReadRouteDependencies & { readonly pricing?: RewardPricing | undefined },
) {
  const routes = zodRoutes(app);
  /** The rows with fiat figures when a currency is asked for and the network environment has a price source. */
  const priced = async (scope: OwnerScope, currency: FiatCurrencyCode | undefined, rows: RewardsHistoryRow[]) => {
    const source = currency ? pricing?.sourceFor(scope.network, scope.environment) : undefined;
    if (!currency || !source) return { rows };
    return { rows: await withFiat(storage, source, scope, currency, rows), fiat: { currency, source: source.name } };
  };
  routes.get(
    rewardsSummaryPath,
    {
      schema: {
        summary:
          "Rewards of an owner: total, earned, consensus and execution, daily / weekly / monthly income, average APR",
        tags: ["rewards"],
        querystring: rewardsSummaryQuery,
        response: { 200: rewardsSummaryResponse },
      },
    },
    async (request) => {
      const { currency, ...owner } = request.query;
      const scope = resolveOwnerScope(owner, registry, served);
      const summary = await rewardsSummary(storage, scope);
      if (!currency) return summary;
      // Every day of the owner's history, each valued at its own day's price (not today's price times the total).
      const all = await rewardsHistory(storage, scope, {
        type: "all",
        order: "asc",
        page: 1,
        pageSize: CSV_ROW_LIMIT,
      });
      const { rows, fiat } = await priced(scope, currency, all.rows);
      return fiat ? { ...summary, fiat: { ...fiat, ...sumFiat(rows) } } : summary;
    },
  );

  routes.get(
    rewardsHistoryPath,
    {
      schema: {
        summary: "Daily rewards of an owner, paged and sortable by day",
        tags: ["rewards"],
        querystring: rewardsHistoryQuery,
        response: { 200: rewardsHistoryResponse },
      },
    },
    async (request) => {
      const { owner, network, environment, currency, ...history } = request.query;
      const scope = resolveOwnerScope({ owner, network, environment }, registry, served);
      const { rows, total } = await rewardsHistory(storage, scope, history);
      return { ...(await priced(scope, currency, rows)), total, page: history.page, pageSize: history.pageSize };
    },
  );

  routes.get(
    rewardsHistoryCsvPath,
    {
      schema: {
        summary: "The same daily rewards as CSV (every row in the range, up to 10,000)",
        tags: ["rewards"],
        querystring: rewardsHistoryQuery,
      },
    },
    async (request, reply) => {
      const { owner, network, environment, currency, ...history } = request.query;
      const scope = resolveOwnerScope({ owner, network, environment }, registry, served);
      const all = await rewardsHistory(storage, scope, { ...history, page: 1, pageSize: CSV_ROW_LIMIT });
      const { rows, fiat } = await priced(scope, currency, all.rows);
      return reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="rewards-${scope.network.slug}-${scope.environment}-${scope.owner}.csv"`,
        )
        .send(rewardsHistoryCsv(rows, fiat));
    },
  );
}

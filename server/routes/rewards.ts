import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import { REWARD_TYPES, type RewardType, rewardsHistory, rewardsHistoryCsv } from "../rewards/rewards-history.ts";
import { rewardsSummary } from "../rewards/rewards-summary.ts";
import { ownerScopeQuery, type ReadRouteDependencies, resolveOwnerScope } from "./owner-scope.ts";

const wei = { type: "string", pattern: "^-?[0-9]+$", description: "wei, as a decimal string" } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CSV_ROW_LIMIT = 10_000;

/** GET /rewards/summary, /rewards/history and /rewards/history.csv for one owner on one network environment. */
export async function rewardsRoutes(app: FastifyInstance, { storage, registry, served }: ReadRouteDependencies) {
  app.get(
    "/rewards/summary",
    {
      schema: {
        summary:
          "Rewards of an owner: total, earned, consensus and execution, daily / weekly / monthly income, average APR",
        tags: ["rewards"],
        querystring: { type: "object", required: ["owner", "network", "environment"], properties: ownerScopeQuery },
        response: {
          200: {
            type: "object",
            properties: {
              asOf: { type: ["string", "null"], description: "last day with data, yyyy-mm-dd" },
              validatorCount: { type: "integer" },
              stakedWei: wei,
              totalWei: wei,
              earnedWei: wei,
              consensusRewardsWei: wei,
              executionRewardsWei: wei,
              dailyIncomeWei: wei,
              weeklyIncomeWei: wei,
              monthlyIncomeWei: wei,
              averageApr: { type: ["string", "null"], description: 'percent, two decimals ("3.42")' },
            },
          },
        },
      },
    },
    async (request) =>
      rewardsSummary(storage, resolveOwnerScope(request.query as Record<string, unknown>, registry, served)),
  );

  const historyQuery = {
    type: "object",
    required: ["owner", "network", "environment"],
    properties: {
      ...ownerScopeQuery,
      from: { type: "string", description: "first day, yyyy-mm-dd" },
      to: { type: "string", description: "last day, yyyy-mm-dd" },
      order: { type: "string", enum: ["asc", "desc"], description: "by day; newest first by default" },
      type: {
        type: "string",
        enum: REWARD_TYPES,
        description: "all days (default), or only days with a consensus or an execution reward",
      },
      page: { type: "string", description: "from 1" },
      pageSize: { type: "string", description: "1 to 366, default 30" },
    },
  } as const;

  const readHistoryQuery = (query: Record<string, unknown>) => {
    const scope = resolveOwnerScope(query, registry, served);
    for (const field of ["from", "to"] as const) {
      const value = query[field];
      if (value !== undefined && (typeof value !== "string" || !DAY.test(value) || Number.isNaN(Date.parse(value)))) {
        throw new ApiError(400, "invalid_query", `${field}: expected a day as yyyy-mm-dd`, field);
      }
    }
    if (typeof query.from === "string" && typeof query.to === "string" && query.from > query.to) {
      throw new ApiError(400, "invalid_query", "from: expected a day no later than to", "from");
    }
    const integer = (field: string, fallback: number, max: number) => {
      const value = query[field];
      if (value === undefined) return fallback;
      const number = Number(value);
      if (typeof value !== "string" || !/^\d+$/.test(value) || number < 1 || number > max) {
        throw new ApiError(400, "invalid_query", `${field}: expected a whole number from 1 to ${max}`, field);
      }
      return number;
    };
    const order = query.order === undefined ? "desc" : query.order;
    if (order !== "asc" && order !== "desc")
      throw new ApiError(400, "invalid_query", 'order: expected "asc" or "desc"', "order");
    const type = query.type === undefined ? "all" : query.type;
    if (!REWARD_TYPES.includes(type as RewardType)) {
      throw new ApiError(400, "invalid_query", 'type: expected "all", "consensus" or "execution"', "type");
    }
    return {
      scope,
      history: {
        type: type as RewardType,
        from: query.from as string | undefined,
        to: query.to as string | undefined,
        order,
        page: integer("page", 1, 100_000),
        pageSize: integer("pageSize", 30, 366),
      } as const,
    };
  };

  app.get(
    "/rewards/history",
    {
      schema: {
        summary: "Daily rewards of an owner, paged and sortable by day",
        tags: ["rewards"],
        querystring: historyQuery,
      },
    },
    async (request) => {
      const { scope, history } = readHistoryQuery(request.query as Record<string, unknown>);
      const { rows, total } = await rewardsHistory(storage, scope, history);
      return { rows, total, page: history.page, pageSize: history.pageSize };
    },
  );

  app.get(
    "/rewards/history.csv",
    {
      schema: {
        summary: "The same daily rewards as CSV (every row in the range, up to 10,000)",
        tags: ["rewards"],
        querystring: historyQuery,
      },
    },
    async (request, reply) => {
      const { scope, history } = readHistoryQuery(request.query as Record<string, unknown>);
      const { rows } = await rewardsHistory(storage, scope, { ...history, page: 1, pageSize: CSV_ROW_LIMIT });
      return reply
        .type("text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="rewards-${scope.network.slug}-${scope.environment}-${scope.owner}.csv"`,
        )
        .send(rewardsHistoryCsv(rows));
    },
  );
}

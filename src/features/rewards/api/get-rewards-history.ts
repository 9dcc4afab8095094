import { z } from "zod";
import { parseApiResponse } from "../../../components/api/parse-api-response.ts";
import { useApiQuery } from "../../../components/api/use-api-query.ts";
import { getJson } from "../../../lib/api-client.ts";
import { apiUrl } from "../../../lib/app-environment.ts";
import type { RewardHistoryQuery } from "../reward-query.ts";
import type { OwnerScope } from "./get-rewards-summary.ts";
import { daySchema, weiSchema } from "./wei-schema.ts";

/** Rows per history page on the reward screen. */
export const HISTORY_PAGE_SIZE = 10;

/** GET /rewards/history: one row per day, a page at a time, with the number of rows in the range. */
export const rewardsHistorySchema = z.object({
  rows: z.array(
    z.object({
      day: daySchema,
      validatorCount: z.number().int().nonnegative(),
      stakedWei: weiSchema,
      consensusRewardWei: weiSchema,
      executionRewardWei: weiSchema,
      totalRewardWei: weiSchema,
    }),
  ),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type RewardsHistory = z.infer<typeof rewardsHistorySchema>;
export type RewardsHistoryRow = RewardsHistory["rows"][number];

/** The backend's query for a history page (or its CSV, where page and pageSize are ignored). */
export function historyParameters(scope: OwnerScope, query: RewardHistoryQuery) {
  return {
    ...scope,
    type: query.type,
    from: query.from,
    to: query.to,
    order: "desc",
    page: query.current,
    pageSize: HISTORY_PAGE_SIZE,
  };
}

/** The address of the history as CSV: every row of the range and type, newest first. */
export function rewardsHistoryCsvUrl(scope: OwnerScope, query: RewardHistoryQuery): string {
  const url = new URL(apiUrl("/rewards/history.csv"));
  const { page: _page, pageSize: _size, ...parameters } = historyParameters(scope, query);
  for (const [key, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** Reads one page of an owner's reward history. Throws like getJson, or UnexpectedApiResponseError. */
export async function getRewardsHistory(
  scope: OwnerScope,
  query: RewardHistoryQuery,
  signal?: AbortSignal,
): Promise<RewardsHistory> {
  const url = apiUrl("/rewards/history");
  return parseApiResponse(
    rewardsHistorySchema,
    await getJson(url, historyParameters(scope, query), signal),
    `GET ${url}`,
  );
}

/** The history page of `scope` and `query`; idle without a scope. */
export function useRewardsHistory(scope: OwnerScope | undefined, query: RewardHistoryQuery) {
  const key = scope && JSON.stringify(historyParameters(scope, query));
  const group = scope && `${scope.network}:${scope.environment}:${scope.owner}`;
  return useApiQuery(key, (signal) => getRewardsHistory(scope as OwnerScope, query, signal), group);
}

import { queryOptions, skipToken } from "@tanstack/react-query";
import type { FiatCurrencyCode } from "../../core/api/fiat-currencies.ts";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import { rewardsSummaryPath, rewardsSummaryResponse } from "../../core/api/rewards-summary.ts";
import { ownerQueryKey } from "./owner-query-key.ts";
import { readApi } from "./read-api.ts";

/**
 * An owner's rewards summary (GET /rewards/summary) for useQuery, with its earnings also in `currency` when one is
 * chosen; idle without a scope (no owner chosen yet).
 */
export function rewardsSummaryQueryOptions(scope: OwnerScope | undefined, currency?: FiatCurrencyCode) {
  return queryOptions({
    queryKey: [...ownerQueryKey(scope), "rewards-summary", currency ?? null] as const,
    queryFn: scope
      ? ({ signal }) =>
          readApi(rewardsSummaryPath, rewardsSummaryResponse, { ...scope, ...(currency ? { currency } : {}) }, signal)
      : skipToken,
  });
}

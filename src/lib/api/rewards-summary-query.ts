import { queryOptions, skipToken } from "@tanstack/react-query";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import { rewardsSummaryPath, rewardsSummaryResponse } from "../../core/api/rewards-summary.ts";
import { ownerQueryKey } from "./owner-query-key.ts";
import { readApi } from "./read-api.ts";

/** An owner's rewards summary (GET /rewards/summary) for useQuery; idle without a scope (no owner chosen yet). */
export function rewardsSummaryQueryOptions(scope: OwnerScope | undefined) {
  return queryOptions({
    queryKey: [...ownerQueryKey(scope), "rewards-summary"] as const,
    queryFn: scope
      ? ({ signal }) => readApi(rewardsSummaryPath, rewardsSummaryResponse, { ...scope }, signal)
      : skipToken,
  });
}

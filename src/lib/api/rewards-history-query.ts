import { queryOptions, skipToken } from "@tanstack/react-query";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import {
  type RewardsHistoryQuery,
  rewardsHistoryCsvPath,
  rewardsHistoryPath,
  rewardsHistoryResponse,
} from "../../core/api/rewards-history.ts";
import { apiUrl } from "../app-environment.ts";
import { keepPreviousPageOfOwner, ownerQueryKey } from "./owner-query-key.ts";
import { readApi } from "./read-api.ts";

/** Which history rows to read, besides whose: type, range, order, page. */
export type HistoryPage = Omit<RewardsHistoryQuery, keyof OwnerScope>;

/** One page of an owner's daily rewards (GET /rewards/history) for useQuery; the page shown stays while the next loads. */
export function rewardsHistoryQueryOptions(scope: OwnerScope | undefined, page: HistoryPage) {
  return queryOptions({
    queryKey: [...ownerQueryKey(scope), "rewards-history", page] as const,
    queryFn: scope
      ? ({ signal }) => readApi(rewardsHistoryPath, rewardsHistoryResponse, { ...scope, ...page }, signal)
      : skipToken,
    placeholderData: keepPreviousPageOfOwner(scope),
  });
}

/** The address of the same history as CSV: every row of the range and type (page and page size left out). */
export function rewardsHistoryCsvUrl(
  scope: OwnerScope,
  { page: _page, pageSize: _size, ...rest }: HistoryPage,
): string {
  const url = new URL(apiUrl(rewardsHistoryCsvPath));
  for (const [key, value] of Object.entries({ ...scope, ...rest })) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}

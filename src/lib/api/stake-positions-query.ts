import { queryOptions, skipToken } from "@tanstack/react-query";
import { stakePositionsPath, stakePositionsResponse } from "../../core/api/stake-positions.ts";
import { readApi } from "./read-api.ts";

/**
 * Every network where `owner` has a stake (GET /stake-positions): the header's "My stakes". Read afresh each
 * time the list is opened, since a stake made a moment ago must show.
 */
export function stakePositionsQueryOptions(owner: string | undefined) {
  return queryOptions({
    queryKey: ["stake-positions", owner?.toLowerCase()] as const,
    queryFn: owner ? ({ signal }) => readApi(stakePositionsPath, stakePositionsResponse, { owner }, signal) : skipToken,
    staleTime: 0,
  });
}

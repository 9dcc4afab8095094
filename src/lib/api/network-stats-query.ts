import { queryOptions } from "@tanstack/react-query";
import { networkStatsPath, networkStatsResponse } from "./network-stats.ts";
import { readApi } from "./read-api.ts";

/** The backend's APR per network (GET /stats/networks): one read shared by every part that shows an APR. */
export function networkStatsQueryOptions() {
  return queryOptions({
    queryKey: ["stats", "networks"] as const,
    queryFn: ({ signal }) => readApi(networkStatsPath, networkStatsResponse, {}, signal),
    staleTime: 60_000,
  });
}

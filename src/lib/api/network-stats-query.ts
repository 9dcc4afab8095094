import { queryOptions } from "@tanstack/react-query";
import { decodeNetworkStats, networkStatsPath } from "../../core/api/decode-network-stats.ts";
import { getJson } from "../api-client.ts";
import { apiUrl } from "../app-environment.ts";

/** The backend's APR per network (GET /stats/networks): one read shared by every part that shows an APR. */
export function networkStatsQueryOptions() {
  return queryOptions({
    queryKey: ["stats", "networks"] as const,
    queryFn: async ({ signal }) => {
      const url = apiUrl(networkStatsPath);
      return decodeNetworkStats(await getJson(url, {}, signal), `GET ${url}`);
    },
    staleTime: 60_000,
  });
}

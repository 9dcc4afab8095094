import { queryOptions, skipToken } from "@tanstack/react-query";
import { ownerQueryKey } from "./owner-query-key.ts";
import type { OwnerScope } from "./owner-scope.ts";
import { readApi } from "./read-api.ts";
import { ssvClustersPath, ssvClustersResponse } from "./ssv-clusters.ts";

/** An owner's SSV clusters with snapshot, balance, burn rate and runway (GET /ssv/clusters). */
export function ssvClustersQueryOptions(scope: OwnerScope | undefined) {
  return queryOptions({
    queryKey: [...ownerQueryKey(scope), "ssv", "clusters"] as const,
    queryFn: scope
      ? async ({ signal }) => (await readApi(ssvClustersPath, ssvClustersResponse, { ...scope }, signal)).clusters
      : skipToken,
  });
}

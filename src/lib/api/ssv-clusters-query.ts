import { queryOptions, skipToken } from "@tanstack/react-query";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import { ssvClustersPath, ssvClustersResponse } from "../../core/api/ssv-clusters.ts";
import { ownerQueryKey } from "./owner-query-key.ts";
import { readApi } from "./read-api.ts";

/** An owner's SSV clusters with snapshot, balance, burn rate and runway (GET /ssv/clusters). */
export function ssvClustersQueryOptions(scope: OwnerScope | undefined) {
  return queryOptions({
    queryKey: [...ownerQueryKey(scope), "ssv", "clusters"] as const,
    queryFn: scope
      ? async ({ signal }) => (await readApi(ssvClustersPath, ssvClustersResponse, { ...scope }, signal)).clusters
      : skipToken,
  });
}

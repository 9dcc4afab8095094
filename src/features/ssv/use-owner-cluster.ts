import { useQuery } from "@tanstack/react-query";
import { useWallet } from "../../components/wallet/use-wallet.ts";
import { ssvClustersQueryOptions } from "../../lib/api/ssv-clusters-query.ts";
import type { SsvOffering } from "../../lib/ssv-offering.ts";
import { findCluster } from "./build-ssv-calls.ts";

/**
 * The connected owner's clusters (GET /ssv/clusters) and, among them, the one with exactly these operators;
 * read again every `pollMs` while given (waiting for the indexer to see a registration).
 */
export function useOwnerCluster(offering: SsvOffering, operatorIds: readonly number[], pollMs?: number) {
  const { account } = useWallet();
  const clusters = useQuery({
    ...ssvClustersQueryOptions(account ? { ...offering.scope, owner: account } : undefined),
    refetchInterval: pollMs ?? false,
  });
  return { account, clusters, cluster: findCluster(clusters.data, operatorIds) };
}

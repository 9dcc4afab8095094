import type { NetworkStats } from "../../components/network-stats/get-network-stats.ts";

/**
 * What is staked with the provider on `networkSlug` in the environment `environmentId`, in base units, from the
 * server's stats; undefined when the stats do not say or nothing is staked (a hero does not boast "0 ETH").
 */
export function totalStakedOf(
  stats: NetworkStats | undefined,
  networkSlug: string,
  environmentId: string | undefined,
): bigint | undefined {
  const entry = stats?.networks
    .find((candidate) => candidate.network === networkSlug)
    ?.environments.find((candidate) => candidate.environment === environmentId);
  const total = entry ? BigInt(entry.totalStakedWei) : 0n;
  return total > 0n ? total : undefined;
}

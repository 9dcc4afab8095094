import { useQuery } from "@tanstack/react-query";
import type { NetworkStats } from "../../core/api/network-stats.ts";
import type { Network } from "../../generated/index.ts";
import { networkStatsQueryOptions } from "../../lib/api/network-stats-query.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";

/**
 * A network's APR and where it comes from: measured by the backend over its recent snapshots, the backend's
 * reference rate, or (backend unreachable) the reference rate in this build's config.
 */
export interface NetworkApr {
  readonly apr: string;
  readonly source: "measured" | "reference" | "config";
}

/**
 * The APR to show for `network` in the environment `environmentId`: the backend's measured APR when it has one,
 * else the backend's reference APR; without stats (unreachable), the reference APR in this build's config.
 */
export function pickNetworkApr(
  stats: NetworkStats | undefined,
  network: Pick<Network, "slug" | "staking">,
  environmentId: string | undefined,
): NetworkApr | undefined {
  const entry = stats?.networks.find((candidate) => candidate.network === network.slug);
  const measured = entry?.environments.find((candidate) => candidate.environment === environmentId)?.measuredApr;
  if (measured) return { apr: measured, source: "measured" };
  if (stats) return entry?.referenceApr ? { apr: entry.referenceApr, source: "reference" } : undefined;
  return network.staking.referenceApr ? { apr: network.staking.referenceApr, source: "config" } : undefined;
}

/** The APR of `network` for this build's environment (see pickNetworkApr), config's while stats load or fail. */
export function useNetworkApr(network: Pick<Network, "slug" | "staking" | "environments">): NetworkApr | undefined {
  const stats = useQuery(networkStatsQueryOptions());
  return pickNetworkApr(stats.data, network, servedEnvironmentOf(network)?.id);
}

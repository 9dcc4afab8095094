import type { Network } from "../../generated/index.ts";
import { getJson } from "../../lib/api-client.ts";
import { apiUrl } from "../../lib/app-environment.ts";
import { servedEnvironmentOf } from "../../lib/network-environment.ts";
import { UnexpectedApiResponseError } from "../api/unexpected-api-response-error.ts";
import { useApiQuery } from "../api/use-api-query.ts";

/**
 * GET /stats/networks: per network, the configured reference APR, and per environment the APR measured
 * (percent) and the total staked (wei, decimal).
 */
export interface NetworkStats {
  readonly networks: readonly {
    readonly network: string;
    readonly referenceApr: string | null;
    readonly environments: readonly {
      readonly environment: string;
      readonly measuredApr: string | null;
      readonly totalStakedWei: string;
    }[];
  }[];
}

const PERCENT = /^-?\d+(?:\.\d+)?$/;
const WEI = /^\d+$/;

/**
 * Checks the stats answer's shape. Written out rather than with zod: these stats load with the home page,
 * whose JavaScript has a budget (zod would add about 10 KB gzip there). Throws UnexpectedApiResponseError.
 */
export function readNetworkStats(value: unknown, request: string): NetworkStats {
  const fail = (where: string): never => {
    throw new UnexpectedApiResponseError(request, `${where} is not as expected`);
  };
  const record = (item: unknown, where: string) =>
    typeof item === "object" && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : fail(where);
  const list = (item: unknown, where: string) => (Array.isArray(item) ? (item as unknown[]) : fail(where));
  const text = (item: unknown, where: string) => (typeof item === "string" ? item : fail(where));
  const percent = (item: unknown, where: string) =>
    item === null ? null : typeof item === "string" && PERCENT.test(item) ? item : fail(where);
  return {
    networks: list(record(value, "(root)").networks, "networks").map((entry, index) => {
      const where = `networks.${index}`;
      const network = record(entry, where);
      return {
        network: text(network.network, `${where}.network`),
        referenceApr: percent(network.referenceApr, `${where}.referenceApr`),
        environments: list(network.environments, `${where}.environments`).map((item, position) => {
          const environment = record(item, `${where}.environments.${position}`);
          return {
            environment: text(environment.environment, `${where}.environments.${position}.environment`),
            measuredApr: percent(environment.measuredApr, `${where}.environments.${position}.measuredApr`),
            totalStakedWei:
              typeof environment.totalStakedWei === "string" && WEI.test(environment.totalStakedWei)
                ? environment.totalStakedWei
                : fail(`${where}.environments.${position}.totalStakedWei`),
          };
        }),
      };
    }),
  };
}

/** Reads the backend's network stats. Throws ApiUnreachableError, ApiResponseError or UnexpectedApiResponseError. */
export async function getNetworkStats(signal?: AbortSignal): Promise<NetworkStats> {
  const url = apiUrl("/stats/networks");
  return readNetworkStats(await getJson(url, {}, signal), `GET ${url}`);
}

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

const STATS_FRESH_MS = 60_000;
let shared: { readonly read: Promise<NetworkStats>; readonly at: number } | undefined;

/** One read of the stats shared by every screen part that shows an APR (home cards, calculator), fresh for a minute. */
function sharedNetworkStats(): Promise<NetworkStats> {
  if (!shared || Date.now() - shared.at > STATS_FRESH_MS) {
    const read = getNetworkStats();
    shared = { read, at: Date.now() };
    read.catch(() => {
      if (shared?.read === read) shared = undefined;
    });
  }
  return shared.read;
}

/** The network stats; `status` is "error" while the backend cannot be reached (`retry()` asks again). */
export function useNetworkStats() {
  return useApiQuery("stats", sharedNetworkStats);
}

/** The APR of `network` for this build's environment (see pickNetworkApr), config's while stats load or fail. */
export function useNetworkApr(network: Pick<Network, "slug" | "staking" | "environments">): NetworkApr | undefined {
  const stats = useNetworkStats();
  return pickNetworkApr(stats.status === "ready" ? stats.data : undefined, network, servedEnvironmentOf(network)?.id);
}

import type { Environment, Network } from "../../src/generated/index.ts";
import type { ServerConfig } from "../config/env.ts";

/** An EVM environment this server proxies, with its upstream nodes in the order they are tried. */
export interface ServedEnvironment {
  readonly network: string;
  readonly subNetwork: string | undefined;
  readonly environment: Environment;
  /** Secret upstreams from the environment variable named here come first, then config's public ones. */
  readonly upstreamVariable: string;
  readonly upstreams: readonly string[];
  /** The Beacon API node for this environment: BEACON_API_URL_<NETWORK>_<ENVIRONMENT>, else config's. */
  readonly beaconApiUrl: string | undefined;
}

/** What servedEnvironments reads of the server's configuration: the kinds served, and upstream and Beacon API overrides. */
export type ServedEnvironmentSettings = Pick<
  ServerConfig,
  "SERVE_KINDS" | "RPC_UPSTREAMS" | "RPC_UPSTREAM_POLICY" | "BEACON_API_URLS"
>;

/** Every environment of the configured kinds, from the generated registry. */
export function servedEnvironments(
  config: ServedEnvironmentSettings,
  registry: readonly Network[],
): ServedEnvironment[] {
  const served: ServedEnvironment[] = [];
  for (const network of registry) {
    const parts = [
      { subNetwork: undefined, environments: network.environments ?? [] },
      ...(network.subNetworks ?? []).map((sub) => ({ subNetwork: sub.id, environments: sub.environments ?? [] })),
    ];
    for (const { subNetwork, environments } of parts) {
      for (const environment of environments) {
        if (!config.SERVE_KINDS.includes(environment.kind)) continue;
        const upstreamVariable = ["RPC_UPSTREAMS", network.slug, subNetwork, environment.id]
          .filter(Boolean)
          .join("_")
          .toUpperCase()
          .replaceAll("-", "_");
        const secret = config.RPC_UPSTREAMS.get(upstreamVariable.slice("RPC_UPSTREAMS_".length)) ?? [];
        const key = upstreamVariable.slice("RPC_UPSTREAMS_".length);
        served.push({
          beaconApiUrl: config.BEACON_API_URLS.get(key) ?? environment.beaconApiUrl,
          network: network.slug,
          subNetwork,
          environment,
          upstreamVariable,
          upstreams:
            config.RPC_UPSTREAM_POLICY === "replace" && secret.length > 0
              ? secret
              : [...secret, ...environment.rpcUrls.filter((url) => !secret.includes(url))],
        });
      }
    }
  }
  return served;
}

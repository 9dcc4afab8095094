import type { ServedEnvironment } from "../rpc/served-environments.ts";
import type { UpstreamHealth, UpstreamPool } from "../rpc/upstream-pool.ts";

/** One served environment's upstream pool, as the RPC proxy built it. */
export interface RegisteredPool {
  readonly entry: ServedEnvironment;
  readonly pool: UpstreamPool;
}

/** The RPC proxy's upstream pools, so /ready can report their health and read each chain's head. */
export class UpstreamRegistry {
  private readonly pools: RegisteredPool[] = [];

  constructor(private readonly onError: (chainId: number, host: string) => void = () => {}) {}

  /** The callback a pool of this chain reports its upstreams' failures with. */
  errorReporter(chainId: number): (host: string) => void {
    return (host) => this.onError(chainId, host);
  }

  add(entry: ServedEnvironment, pool: UpstreamPool): void {
    this.pools.push({ entry, pool });
  }

  /** The pool of an environment, if the proxy serves it. */
  find(network: string, environment: string): UpstreamPool | undefined {
    return this.pools.find(
      ({ entry }) => entry.network === network && !entry.subNetwork && entry.environment.id === environment,
    )?.pool;
  }

  /** Every upstream's health, by chain: hosts only, never URLs (they can carry API keys). */
  health(): { chainId: number; network: string; environment: string; upstreams: UpstreamHealth[] }[] {
    return this.pools.map(({ entry, pool }) => ({
      chainId: entry.environment.chainId,
      network: entry.subNetwork ? `${entry.network}/${entry.subNetwork}` : entry.network,
      environment: entry.environment.id,
      upstreams: pool.health(),
    }));
  }
}

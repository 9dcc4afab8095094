import type { SsvScope } from "../../src/core/api/ssv-scope.ts";
import type { Environment, SsvSettings } from "../../src/generated/index.ts";
import { ApiError } from "../http/api-error.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";

/** A served environment with an SSV network contract. */
export interface SsvEnvironment {
  readonly network: string;
  /** Codegen requires SSV settings wherever contracts.ssvNetwork is set. */
  readonly environment: Environment & {
    readonly contracts: { readonly ssvNetwork: `0x${string}` };
    readonly ssv: SsvSettings;
  };
  readonly ssvNetwork: `0x${string}`;
  /** The SSVNetworkViews contract, when config names it. */
  readonly views: `0x${string}` | undefined;
  /** The operators this provider marks verified there. */
  readonly verifiedOperators: ReadonlySet<number>;
  /** Blocks a day fees are counted in there (ssv.blocksPerDay): runways, and a year's fee as 365 of them. */
  readonly blocksPerDay: bigint;
}

/** The environment an SSV read is about, among those this server serves that have an SSV network; 400 names the field. */
export function resolveSsvScope(query: SsvScope, served: readonly ServedEnvironment[]): SsvEnvironment {
  const withSsv = served.filter((entry) => !entry.subNetwork && entry.environment.contracts?.ssvNetwork);
  const inNetwork = withSsv.filter((entry) => entry.network === query.network);
  if (inNetwork.length === 0) {
    const offered = [...new Set(withSsv.map((entry) => `"${entry.network}"`))];
    throw new ApiError(
      400,
      "invalid_query",
      offered.length > 0
        ? `network: expected a network with an SSV network here: ${offered.join(" or ")}`
        : "network: no network served here has an SSV network",
      "network",
    );
  }
  const entry = inNetwork.find((candidate) => candidate.environment.id === query.environment);
  if (!entry) {
    throw new ApiError(
      400,
      "invalid_query",
      `environment: expected an environment of "${query.network}" with an SSV network: ${inNetwork.map((candidate) => `"${candidate.environment.id}"`).join(" or ")}`,
      "environment",
    );
  }
  const environment = entry.environment as SsvEnvironment["environment"];
  return {
    network: entry.network,
    environment,
    ssvNetwork: environment.contracts.ssvNetwork,
    views: environment.contracts.ssvNetworkViews,
    verifiedOperators: new Set(environment.ssv.verifiedOperators),
    blocksPerDay: BigInt(environment.ssv.blocksPerDay),
  };
}

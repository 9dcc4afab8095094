import { getAddress } from "viem";
import type { OwnerScope as OwnerScopeQuery } from "../../src/core/api/owner-scope.ts";
import type { Network } from "../../src/generated/index.ts";
import { ApiError } from "../http/api-error.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";

/** The owner, network and environment a read is about: what the routes resolve and the reads (rewards/) take. */
export interface OwnerScope {
  readonly owner: `0x${string}`;
  readonly network: Network;
  readonly environment: string;
}

/** Checks network and environment against config and this server's environments; 400 names the field at fault. */
export function resolveOwnerScope(
  query: OwnerScopeQuery,
  registry: readonly Network[],
  served: readonly ServedEnvironment[],
): OwnerScope {
  const { owner, network: slug, environment } = query;
  const network = registry.find((candidate) => candidate.slug === slug);
  const environments = served
    .filter((entry) => entry.network === slug && !entry.subNetwork)
    .map((entry) => entry.environment.id);
  if (!network || environments.length === 0) {
    const offered = [...new Set(served.filter((entry) => !entry.subNetwork).map((entry) => `"${entry.network}"`))];
    throw new ApiError(400, "invalid_query", `network: expected ${offered.join(" or ")}`, "network");
  }
  if (!environments.includes(environment)) {
    throw new ApiError(
      400,
      "invalid_query",
      `environment: expected ${environments.map((id) => `"${id}"`).join(" or ")}`,
      "environment",
    );
  }
  return { owner: getAddress(owner), network, environment };
}

import { getAddress, isAddress } from "viem";
import type { Network } from "../../src/generated/index.ts";
import { ApiError } from "../http/api-error.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import type { Storage } from "../storage/database.ts";

/** What every per-owner read route needs. */
export interface ReadRouteDependencies {
  readonly storage: Storage;
  readonly registry: readonly Network[];
  readonly served: readonly ServedEnvironment[];
}

/** The owner, network and environment a read is about. */
export interface OwnerScope {
  readonly owner: `0x${string}`;
  readonly network: Network;
  readonly environment: string;
}

/** Query-string schema shared by every per-owner read, for validation and the OpenAPI document. */
export const ownerScopeQuery = {
  owner: { type: "string", description: "The staker's address." },
  network: { type: "string", description: 'Network slug, e.g. "ethereum".' },
  environment: { type: "string", description: 'Environment id, e.g. "mainnet", "hoodi", "devnet".' },
} as const;

/** Checks owner, network and environment against config and this server's environments; 400 names the field at fault. */
export function resolveOwnerScope(
  query: Record<string, unknown>,
  registry: readonly Network[],
  served: readonly ServedEnvironment[],
): OwnerScope {
  const { owner, network: slug, environment } = query;
  if (typeof owner !== "string" || !isAddress(owner, { strict: false })) {
    throw new ApiError(400, "invalid_query", "owner: expected an address, 0x and 40 hexadecimal digits", "owner");
  }
  const network = registry.find((candidate) => candidate.slug === slug);
  const environments = served
    .filter((entry) => entry.network === slug && !entry.subNetwork)
    .map((entry) => entry.environment.id);
  if (!network || environments.length === 0) {
    const offered = [...new Set(served.filter((entry) => !entry.subNetwork).map((entry) => `"${entry.network}"`))];
    throw new ApiError(400, "invalid_query", `network: expected ${offered.join(" or ")}`, "network");
  }
  if (typeof environment !== "string" || !environments.includes(environment)) {
    throw new ApiError(
      400,
      "invalid_query",
      `environment: expected ${environments.map((id) => `"${id}"`).join(" or ")}`,
      "environment",
    );
  }
  return { owner: getAddress(owner), network, environment };
}

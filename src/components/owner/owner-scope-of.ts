import type { Address } from "viem";
import type { OwnerScope } from "../../core/api/owner-scope.ts";
import type { Network } from "../../generated/index.ts";
import { servedEnvironmentOf } from "../../lib/app-environment.ts";

/** The backend scope of `owner`'s reads on `network` in this build's environment; undefined without either. */
export function ownerScopeOf(network: Network, owner: Address | undefined): OwnerScope | undefined {
  const environment = servedEnvironmentOf(network);
  return owner && environment ? { owner, network: network.slug, environment: environment.id } : undefined;
}

import type { Network } from "../../generated/index.ts";
import { servedEnvironmentOf } from "../../lib/network-environment.ts";
import type { OwnerScope } from "./api/get-rewards-summary.ts";

/** The backend scope for `owner` on `network` in this build's environment; undefined without either. */
export function ownerScopeOf(network: Network, owner: string | undefined): OwnerScope | undefined {
  const environment = servedEnvironmentOf(network);
  return owner && environment ? { owner, network: network.slug, environment: environment.id } : undefined;
}

import { familyOfTarget, screenTargetOf } from "../../src/core/screen-target.ts";
import type { Family, Network } from "../../src/generated/index.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import { ethereumBeaconServer } from "./ethereum-beacon/index.ts";
import type { ServerFamily } from "./family.ts";

/**
 * The server's one family registry: one line per family that needs the server. Nothing else in server/ knows a
 * family by name; it asks here.
 */
export const serverFamilies: Readonly<Partial<Record<Family, ServerFamily>>> = {
  "ethereum-beacon": ethereumBeaconServer,
};

/** The server side of the family serving a network, or a part of it; undefined when that family needs none. */
function serverFamilyOf(network: Network, partId?: string): ServerFamily | undefined {
  const target = screenTargetOf(network, partId);
  return target ? serverFamilies[familyOfTarget(target)] : undefined;
}

/** Whether the network takes validator deposits (deposit data, known deposits). */
export function takesValidatorDeposits(network: Network | undefined): network is Network {
  return network !== undefined && serverFamilyOf(network)?.validatorDeposits === true;
}

/** The networks of the registry that take validator deposits, for "expected ..." messages. */
export function validatorDepositNetworks(registry: readonly Network[]): Network[] {
  return registry.filter((network) => takesValidatorDeposits(network));
}

/** The served environments the indexer follows: those its family says it indexes. */
export function indexedEnvironments(
  served: readonly ServedEnvironment[],
  registry: readonly Network[],
): ServedEnvironment[] {
  return served.filter((entry) => {
    const network = registry.find((candidate) => candidate.slug === entry.network);
    return network !== undefined && serverFamilyOf(network, entry.subNetwork)?.indexes(entry.environment) === true;
  });
}

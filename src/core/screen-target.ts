import type { Family, Network, Screen, Staking, SubNetwork } from "../generated/index.ts";

/**
 * What a network screen is about: a network (/:network/...), or one part of it staked on its own
 * (/:network/:part/..., Conflux eSpace under Conflux). The part, when there is one, has its own family, screens,
 * staking facts and environments; the coin is the network's.
 */
export interface ScreenTarget {
  readonly network: Network;
  readonly part: SubNetwork | undefined;
}

/** The target for a route's parameters, or undefined when the network has no such part. */
export function screenTargetOf(network: Network, partId: string | undefined): ScreenTarget | undefined {
  if (partId === undefined) return { network, part: undefined };
  const part = network.subNetworks?.find((candidate) => candidate.id === partId);
  return part ? { network, part } : undefined;
}

/** The family that serves the target: the part's own, else the network's. */
export function familyOfTarget(target: ScreenTarget): Family {
  return target.part?.family ?? target.network.family;
}

/** The target's name as the page shows it ("Conflux eSpace", "Ethereum"). */
export function nameOfTarget(target: ScreenTarget): string {
  return target.part?.name ?? target.network.name;
}

/** The target's own config: its name, description, screens, staking facts and environments, with the network's coin. */
export function offeringOfTarget(target: ScreenTarget): {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly descriptionKey: string;
  readonly screens: readonly Screen[];
  readonly staking: Staking;
  readonly environments: NonNullable<Network["environments"]>;
} {
  const { network, part } = target;
  const holder = part ?? network;
  return {
    name: holder.name,
    symbol: network.symbol,
    decimals: network.decimals,
    descriptionKey: holder.descriptionKey,
    screens: holder.screens,
    staking: holder.staking,
    environments: holder.environments ?? [],
  };
}

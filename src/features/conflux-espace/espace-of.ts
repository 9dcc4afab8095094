import { type Network, networks, type SubNetwork } from "../../generated/index.ts";

/** Conflux's eSpace part from config; its absence is a config error that codegen would have reported. */
export function espaceOf(conflux: Network): SubNetwork {
  const espace = conflux.subNetworks?.find((part) => part.id === "espace");
  if (!espace) throw new Error("networks/conflux.json has no eSpace sub-network");
  return espace;
}

const espace = espaceOf(networks.conflux);

/** eSpace as a delegation-pool offering: its own name, staking facts and chains, Conflux's coin. */
export const espaceOffering = {
  name: espace.name,
  symbol: networks.conflux.symbol,
  decimals: networks.conflux.decimals,
  descriptionKey: espace.descriptionKey,
  staking: espace.staking,
  environments: espace.environments ?? [],
};

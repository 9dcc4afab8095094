import type { Network, SubNetwork } from "../../generated/index.ts";

/** Conflux's eSpace part from config; its absence is a config error that codegen would have reported. */
export function espaceOf(conflux: Network): SubNetwork {
  const espace = conflux.subNetworks?.find((part) => part.id === "espace");
  if (!espace) throw new Error("networks/conflux.json has no eSpace sub-network");
  return espace;
}

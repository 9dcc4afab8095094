import type { Environment, Network } from "../generated/index.ts";
import { appEnvironment } from "./app-environment.ts";

/**
 * The environment of `network` this build serves (the one whose kind is the build's environment: mainnet,
 * testnet or devnet), or undefined when the network has none of that kind.
 */
export function servedEnvironmentOf(network: Pick<Network, "environments">): Environment | undefined {
  return network.environments?.find((environment) => environment.kind === appEnvironment);
}

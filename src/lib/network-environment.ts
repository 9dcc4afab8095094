import type { Environment, Network } from "../generated/index.ts";
import { appEnvironment } from "./app-environment.ts";

/**
 * The environment of `network` this build serves (the one whose kind is the build's environment: mainnet,
 * testnet or devnet), or undefined when the network has none of that kind.
 */
export function servedEnvironmentOf(network: Pick<Network, "environments">): Environment | undefined {
  return network.environments?.find((environment) => environment.kind === appEnvironment);
}

/** A chain in the send path's terms (src/lib/transactions): id, name and coin symbol. */
export interface EnvironmentChain {
  readonly id: number;
  readonly name: string;
  readonly symbol: string;
}

/**
 * The chain transactions of `network` go to in `environment`: the environment's chain id and name with the
 * network's coin; without an environment, chain id 0 (no wallet is ever on it, so nothing can be sent).
 */
export function environmentChain(
  network: Pick<Network, "name" | "symbol">,
  environment: Pick<Environment, "chainId" | "name"> | undefined,
): EnvironmentChain {
  return { id: environment?.chainId ?? 0, name: environment?.name ?? network.name, symbol: network.symbol };
}

import type { Environment, Network } from "../generated/index.ts";

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

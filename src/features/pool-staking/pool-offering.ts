import type { Environment, Staking } from "../../generated/index.ts";

/** A delegation-pool offering from config: a network, or a network's part (Conflux eSpace). */
export interface PoolOffering {
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly descriptionKey: string;
  readonly staking: Staking;
  readonly environments: readonly Environment[];
}

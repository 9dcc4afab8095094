import type { FamilyRequirements } from "../requirements.ts";

/** What a delegation-pool network's config must hold: the chains it is staked on (each environment's pool contract is optional: without it the screen says staking is not open there). */
export const delegationPoolRequirements = {
  family: "delegation-pool",
  environments: { because: "is staked with an EVM wallet" },
} as const satisfies FamilyRequirements;

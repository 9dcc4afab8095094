import type { FamilyRequirements } from "../requirements.ts";

/** What an ethereum-beacon network's config must hold: one validator per perValidator, a fork version and deposit contract per environment. */
export const ethereumBeaconRequirements = {
  family: "ethereum-beacon",
  fields: [
    {
      path: ["staking", "perValidator"],
      because: "creates one validator per this amount",
      expected: 'a decimal amount such as "32"',
    },
  ],
  environments: { because: "is staked with an EVM wallet" },
  environmentFields: [
    {
      path: ["genesisForkVersion"],
      because: "verifies deposit signatures under it",
      expected: 'a fork version such as "0x00000000"',
    },
    {
      path: ["contracts", "deposit"],
      because: "sends deposits to it",
      expected: "the chain's deposit contract address",
    },
  ],
} as const satisfies FamilyRequirements;

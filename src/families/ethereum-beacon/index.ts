import { createElement, lazy } from "react";
import type { FamilyScreenProps, StakingFamily } from "../family.ts";
import { ethereumBeaconRequirements } from "./requirements.ts";

/**
 * Ethereum's consensus layer (Ethereum, Hoodi): validators from deposit data, staked with an EVM wallet. Its
 * screens are the stake flow, the indexed rewards and operations, the validators with the unstake dialog, and
 * the execution-layer rewards claim; the dashboard is the generic one.
 */
export const ethereumBeacon: StakingFamily = {
  id: "ethereum-beacon",
  requirements: ethereumBeaconRequirements,
  walletNamespace: "eip155",
  screens: {
    stake: lazy(async () => {
      const { EthStakePage } = await import("../../features/stake/EthStakePage.tsx");
      return {
        default: ({ target }: FamilyScreenProps) =>
          createElement(EthStakePage, { key: target.network.slug, network: target.network }),
      };
    }),
    reward: lazy(async () => ({ default: (await import("../../features/rewards/RewardsPage.tsx")).RewardsPage })),
    validator: lazy(async () => {
      const { ValidatorsPage } = await import("../../features/validators/ValidatorsPage.tsx");
      return {
        default: ({ target }: FamilyScreenProps) =>
          createElement(ValidatorsPage, { key: target.network.slug, network: target.network }),
      };
    }),
    claim: lazy(async () => {
      const { ClaimPage } = await import("../../features/claim/ClaimPage.tsx");
      return {
        default: ({ target }: FamilyScreenProps) =>
          createElement(ClaimPage, { key: target.network.slug, network: target.network }),
      };
    }),
    operation: lazy(async () => ({
      default: (await import("../../features/operations/OperationsPage.tsx")).OperationsPage,
    })),
  },
};

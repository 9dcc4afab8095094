import { createElement, lazy } from "react";
import type { FamilyScreenProps, StakingFamily } from "../family.ts";
import { guidedRequirements } from "./requirements.ts";

/**
 * A network staked from its own wallet app: the stake screen shows the provider's validator, the steps and
 * the rewards calculator; every other screen is the generic one.
 */
export const guided: StakingFamily = {
  id: "guided",
  requirements: guidedRequirements,
  walletNamespace: "eip155",
  screens: {
    stake: lazy(async () => {
      const { GuidedStakePage } = await import("../../features/guided/GuidedStakePage.tsx");
      return {
        default: ({ target, calculator }: FamilyScreenProps) => {
          const guide = target.network.guide;
          // codegen refuses a live guided network without a guide (src/families/guided/requirements.ts)
          if (!guide) throw new Error(`networks/${target.network.slug}.json: a live guided network needs a "guide"`);
          return createElement(GuidedStakePage, { network: target.network, guide, calculator });
        },
      };
    }),
  },
};

import { z } from "zod";
import { ownerScopeQuery } from "./owner-scope.ts";
import { percentSchema } from "./percent.ts";
import { daySchema, weiCodec } from "./wire.ts";

/** GET /rewards/summary: an owner's rewards on one network environment, amounts in base units. */
export const rewardsSummaryPath = "/rewards/summary";

export const rewardsSummaryQuery = ownerScopeQuery;

export const rewardsSummaryResponse = z.object({
  asOf: z.nullable(daySchema).describe("The last day with data, yyyy-mm-dd."),
  validatorCount: z.number().int().nonnegative(),
  /** Principal still staked: depositedWei - withdrawnPrincipalWei - exitedPrincipalWei. */
  stakedWei: weiCodec,
  /** Every deposit to the owner's validators, top-ups included. */
  depositedWei: weiCodec,
  /** Principal taken out by partial withdrawals: neither a loss nor a reward. */
  withdrawnPrincipalWei: weiCodec,
  /** Principal returned by exits. */
  exitedPrincipalWei: weiCodec,
  /** stakedWei + earnedWei. */
  totalWei: weiCodec,
  /** consensusRewardsWei + executionRewardsWei. */
  earnedWei: weiCodec,
  /** Sum of the daily consensus rewards, each balance change + withdrawals - deposits. */
  consensusRewardsWei: weiCodec,
  executionRewardsWei: weiCodec,
  dailyIncomeWei: weiCodec,
  weeklyIncomeWei: weiCodec,
  monthlyIncomeWei: weiCodec,
  averageApr: z.nullable(percentSchema).describe('Percent with two decimals ("3.42"), null without stake.'),
});

export type RewardsSummary = z.output<typeof rewardsSummaryResponse>;

import { z } from "zod";
import { FIAT_CURRENCY_CODES } from "./fiat-currencies.ts";
import { ownerScopeQuery } from "./owner-scope.ts";
import { percentSchema } from "./percent.ts";
import { daySchema, weiCodec } from "./wire.ts";

/** GET /rewards/summary: an owner's rewards on one network environment, amounts in base units. */
export const rewardsSummaryPath = "/rewards/summary";

export const rewardsSummaryQuery = z.object({
  ...ownerScopeQuery.shape,
  currency: z
    .enum(FIAT_CURRENCY_CODES, 'expected "usd", "eur" or "cny"')
    .optional()
    .describe(
      "Add what was earned valued day by day at each day's price in this currency, when the server has a price source for the network.",
    ),
});

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
  /**
   * With `currency` and a price source: every day's total reward (consensus + execution) at that day's price,
   * summed (6 decimals), and how many days with a reward had no price (left out of the sum, never counted as 0).
   */
  fiat: z
    .object({
      currency: z.enum(FIAT_CURRENCY_CODES),
      source: z.string(),
      earned: z.string().regex(/^-?\d+\.\d{6}$/),
      unpricedDays: z.number().int().nonnegative(),
    })
    .optional(),
});

export type RewardsSummary = z.output<typeof rewardsSummaryResponse>;

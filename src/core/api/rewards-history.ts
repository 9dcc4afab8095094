import { z } from "zod";
import { FIAT_CURRENCY_CODES } from "./fiat-currencies.ts";
import { ownerScopeQuery } from "./owner-scope.ts";
import { REWARD_TYPES } from "./reward-types.ts";
import { daySchema, pageParameter, weiCodec } from "./wire.ts";

/** GET /rewards/history (and .csv, every row of the range): an owner's daily rewards, paged and sorted by day. */
export const rewardsHistoryPath = "/rewards/history";
export const rewardsHistoryCsvPath = "/rewards/history.csv";

export { FIAT_CURRENCY_CODES, type FiatCurrencyCode } from "./fiat-currencies.ts";
export { REWARD_TYPES, type RewardType } from "./reward-types.ts";

const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected a day as yyyy-mm-dd")
  .refine((value) => !Number.isNaN(Date.parse(value)), "expected a day as yyyy-mm-dd");

const decimalText = z.string().regex(/^\d+(\.\d+)?$/, "expected a decimal number");

export const rewardsHistoryQuery = z
  .object({
    ...ownerScopeQuery.shape,
    from: calendarDay.optional().describe("First day, yyyy-mm-dd."),
    to: calendarDay.optional().describe("Last day, yyyy-mm-dd."),
    order: z
      .enum(["asc", "desc"], 'expected "asc" or "desc"')
      .default("desc")
      .describe("By day; newest first by default."),
    type: z
      .enum(REWARD_TYPES, 'expected "all", "consensus" or "execution"')
      .default("all")
      .describe("All days (default), or only days with a consensus or an execution reward."),
    page: pageParameter(100_000, 1, "From 1."),
    pageSize: pageParameter(366, 30, "1 to 366, default 30."),
    currency: z
      .enum(FIAT_CURRENCY_CODES, 'expected "usd", "eur" or "cny"')
      .optional()
      .describe(
        "Add each day's price and the day's total reward in this currency, when the server has a price source for the network.",
      ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["from"],
    message: "expected a day no later than to",
  });

export type RewardsHistoryQuery = z.input<typeof rewardsHistoryQuery>;

/**
 * One day of an owner's validators. It reconciles: consensusRewardWei = balanceEndWei - balanceStartWei +
 * withdrawalsWei - depositsWei. Of the withdrawals, withdrawnPrincipalWei and exitedPrincipalWei are principal;
 * the rest is rewards paid out.
 */
export const rewardsHistoryRowSchema = z.object({
  day: daySchema,
  validatorCount: z.number().int().nonnegative(),
  stakedWei: weiCodec,
  consensusRewardWei: weiCodec,
  executionRewardWei: weiCodec,
  totalRewardWei: weiCodec,
  balanceStartWei: weiCodec,
  balanceEndWei: weiCodec,
  depositsWei: weiCodec,
  withdrawalsWei: weiCodec,
  withdrawnPrincipalWei: weiCodec,
  exitedPrincipalWei: weiCodec,
  /** With `currency` and a price source: the coin's price that day, null when the source has none (never 0). */
  price: decimalText.nullable().optional(),
  /** totalRewardWei at that day's price, 6 decimals; null with the price. */
  totalRewardFiat: z
    .string()
    .regex(/^-?\d+\.\d{6}$/)
    .nullable()
    .optional(),
});

export const rewardsHistoryResponse = z.object({
  rows: z.array(rewardsHistoryRowSchema),
  total: z.number().int().nonnegative().describe("Rows in the range, every page."),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** Present when the rows carry fiat figures: their currency and the price source's name. */
  fiat: z.object({ currency: z.enum(FIAT_CURRENCY_CODES), source: z.string() }).optional(),
});

export type RewardsHistory = z.output<typeof rewardsHistoryResponse>;
export type RewardsHistoryRow = z.output<typeof rewardsHistoryRowSchema>;

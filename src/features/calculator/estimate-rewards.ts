/** Estimated rewards of a stake over a day, a month (30 days) and a year (365 days). */
export interface RewardEstimate {
  readonly daily: number;
  readonly monthly: number;
  readonly yearly: number;
}

export const DAYS_PER_MONTH = 30;
export const DAYS_PER_YEAR = 365;

/**
 * Rewards of `amount` at `aprPercent` a year. Without compounding each day earns amount × APR / 365; with
 * daily compounding each day's reward is added to the stake, so n days earn amount × ((1 + APR/365)^n − 1).
 * Estimates for display, in floating point; never used to build a transaction.
 */
export function estimateRewards(amount: number, aprPercent: number, compound: boolean): RewardEstimate {
  if (!(amount >= 0) || !(aprPercent >= 0)) throw new RangeError("amount and APR must be non-negative numbers");
  const dailyRate = aprPercent / 100 / DAYS_PER_YEAR;
  const over = (days: number) => (compound ? amount * ((1 + dailyRate) ** days - 1) : amount * dailyRate * days);
  return { daily: over(1), monthly: over(DAYS_PER_MONTH), yearly: over(DAYS_PER_YEAR) };
}

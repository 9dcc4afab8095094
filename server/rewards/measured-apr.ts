/**
 * The one rule for an APR the server calls measured (an owner's average APR, a network's measured APR): the
 * rewards over the stake-days they were earned on, a year of them, in basis points; and only when it means
 * something. Before MEASURED_APR_MIN_SPAN_DAYS of chain time lie between the first and the last daily row
 * of the window there is not enough data yet (a few hours annualised read 31% → 591% → 851% on the devnet's
 * fast clock), and a figure above MEASURED_APR_MAX_PERCENT is no staking yield (the devnet pays its
 * consensus rewards on a clock 96 times mainnet's): both are null, which screens show as "not enough data yet"
 * or replace by the reference rate.
 */
export const MEASURED_APR_MIN_SPAN_DAYS = 7;

/** The largest APR (percent) reported as measured. */
export const MEASURED_APR_MAX_PERCENT = 100;

export interface AprSample {
  /** Rewards over the window, in wei. */
  readonly rewardsWei: bigint;
  /** Sum over the window's days of the stake (wei) those rewards were earned on. */
  readonly stakedWeiDays: bigint;
  /** Days of chain time from the window's first daily row to its last. */
  readonly spanDays: number;
}

/** The measured APR as "3.42" (percent), or null when the sample does not make one (see above). */
export function measuredApr(sample: AprSample): string | null {
  if (sample.stakedWeiDays <= 0n || sample.spanDays < MEASURED_APR_MIN_SPAN_DAYS) return null;
  const basisPoints = (sample.rewardsWei * 365n * 10_000n) / sample.stakedWeiDays;
  if (basisPoints > BigInt(MEASURED_APR_MAX_PERCENT * 100)) return null;
  return formatBasisPoints(basisPoints);
}

/** 342n basis points reads "3.42". */
export function formatBasisPoints(basisPoints: bigint): string {
  const sign = basisPoints < 0n ? "-" : "";
  const value = basisPoints < 0n ? -basisPoints : basisPoints;
  return `${sign}${value / 100n}.${(value % 100n).toString().padStart(2, "0")}`;
}

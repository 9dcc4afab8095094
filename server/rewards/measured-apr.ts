/**
 * The one rule for an APR the server calls measured (an owner's average APR, a network's measured APR): the
 * rewards over the stake-epochs they were earned on (the stake times the epochs it earned over), a year of them,
 * in basis points; and only when it means something. Consensus rewards accrue per epoch, so a rate is measured
 * over the network's epochs, not over clock time: a year is mainnet's EPOCHS_PER_YEAR (365.25 days of 225 epochs)
 * and a "day" EPOCHS_PER_DAY epochs. On a public network (12-second slots, 32-slot epochs: 384 s) that is the
 * calendar; on the devnet (1-second slots, 4-slot epochs) a day of 225 epochs lasts 15 minutes, and a chain day
 * of rewards holds 96 of them, so its rate reads what its per-epoch rewards are worth, a few percent, rather
 * than 96 times that.
 *
 * Before MEASURED_APR_MIN_SPAN_EPOCHS (7 such days) lie between the first and the last epoch of the window
 * there is not enough data yet, and a figure above MEASURED_APR_MAX_PERCENT is no staking yield: both are
 * null, which screens show as "not enough data yet" or replace by the reference rate.
 */
const EPOCHS_PER_DAY = 225n;

/** 365.25 days of EPOCHS_PER_DAY: 82,181.25 epochs, kept as the fraction 328,725 / 4. */
const EPOCHS_PER_YEAR = { numerator: 328_725n, denominator: 4n } as const;

/** 7 days of epochs: 1,575. */
const MEASURED_APR_MIN_SPAN_EPOCHS = 7n * EPOCHS_PER_DAY;

/** The largest APR (percent) reported as measured. */
const MEASURED_APR_MAX_PERCENT = 100;

export interface AprSample {
  /** Rewards over the window, in wei. */
  readonly rewardsWei: bigint;
  /** Sum over the window's rows of the stake (wei) times the epochs that row's rewards were earned over. */
  readonly stakedWeiEpochs: bigint;
  /** Epochs from the start of the window's first row to the end of its last. */
  readonly spanEpochs: bigint;
}

/** The measured APR as "3.42" (percent), or null when the sample does not make one (see above). */
export function measuredApr(sample: AprSample): string | null {
  if (sample.stakedWeiEpochs <= 0n || sample.spanEpochs < MEASURED_APR_MIN_SPAN_EPOCHS) return null;
  const basisPoints =
    (sample.rewardsWei * EPOCHS_PER_YEAR.numerator * 10_000n) / (sample.stakedWeiEpochs * EPOCHS_PER_YEAR.denominator);
  if (basisPoints > BigInt(MEASURED_APR_MAX_PERCENT * 100)) return null;
  return formatBasisPoints(basisPoints);
}

/** 342n basis points reads "3.42". */
export function formatBasisPoints(basisPoints: bigint): string {
  const sign = basisPoints < 0n ? "-" : "";
  const value = basisPoints < 0n ? -basisPoints : basisPoints;
  return `${sign}${value / 100n}.${(value % 100n).toString().padStart(2, "0")}`;
}

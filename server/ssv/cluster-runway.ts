export interface ClusterRunwayInput {
  /** SSV wei per block of each of the cluster's operators. */
  readonly operatorFees: readonly bigint[];
  /** SSV wei per block per validator (getNetworkFee). */
  readonly networkFee: bigint;
  readonly validatorCount: number;
  /** SSV wei the cluster holds now (getBalance). */
  readonly balance: bigint;
  /** Blocks of burn the contract keeps as collateral (getLiquidationThresholdPeriod). */
  readonly liquidationThresholdPeriod: bigint;
  /** The least collateral, in SSV wei (getMinimumLiquidationCollateral). */
  readonly minimumLiquidationCollateral: bigint;
  /** Blocks a day runway days count (the environment's ssv.blocksPerDay). */
  readonly blocksPerDay: bigint;
}

/**
 * A cluster's burn rate (SSV wei per block: (operators' fees + network fee) × validators) and its runway: days of
 * `blocksPerDay` blocks until its balance falls to the liquidation collateral (burn rate × threshold period, at least the
 * minimum collateral), when it can be liquidated. Runway is null when nothing burns, 0 once it can be liquidated.
 */
export function clusterRunway(input: ClusterRunwayInput): { burnRate: bigint; runwayDays: number | null } {
  const perValidator = input.operatorFees.reduce((sum, fee) => sum + fee, input.networkFee);
  const burnRate = perValidator * BigInt(input.validatorCount);
  if (burnRate === 0n) return { burnRate, runwayDays: null };
  const byPeriod = burnRate * input.liquidationThresholdPeriod;
  const collateral = byPeriod > input.minimumLiquidationCollateral ? byPeriod : input.minimumLiquidationCollateral;
  if (input.balance <= collateral) return { burnRate, runwayDays: 0 };
  const blocks = (input.balance - collateral) / burnRate;
  // Hundredths of a day, rounded down: a runway is never shown longer than it is.
  const hundredths = (blocks * 100n) / input.blocksPerDay;
  return { burnRate, runwayDays: Number(hundredths) / 100 };
}

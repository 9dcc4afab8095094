/** Seconds per slot on Ethereum: one block every 12 s, 7,200 a day. */
export const BLOCKS_PER_DAY = 7_200n;

/** The SSV network's parameters the funding needs, read from its views contract. */
export interface SsvNetworkParameters {
  /** SSV wei a block, per validator. */
  readonly networkFee: bigint;
  /** Blocks of fees a cluster must keep to escape liquidation. */
  readonly liquidationThresholdPeriod: bigint;
  /** SSV wei a cluster must keep at least. */
  readonly minimumLiquidationCollateral: bigint;
}

/** The required SSV and the parts of its formula, as the funding step shows them. */
export interface SsvFunding {
  readonly days: number;
  readonly blocks: bigint;
  /** Σ operators' fees + network fee: SSV wei a block for one validator. */
  readonly feePerBlock: bigint;
  /** feePerBlock × validators × blocks. */
  readonly operatingCost: bigint;
  /** max(fee per block × validators × liquidation threshold period, minimum collateral). */
  readonly collateral: bigint;
  readonly total: bigint;
}

export type FundingCheck =
  | { readonly ok: true; readonly funding: SsvFunding }
  | { readonly ok: false; readonly minimumDays: number };

/**
 * Required SSV = (Σ operators' fees + network fee) × validators × blocks + liquidation collateral, the
 * collateral being what the SSV network requires a cluster to keep (the fees of its liquidation threshold
 * period, and at least its minimum collateral). A period shorter than the threshold period is refused: the
 * cluster would be liquidatable as soon as it is registered.
 */
export function ssvFunding(
  days: number,
  operatorFees: readonly bigint[],
  validators: number,
  network: SsvNetworkParameters,
): FundingCheck {
  const blocks = BigInt(days) * BLOCKS_PER_DAY;
  if (blocks < network.liquidationThresholdPeriod) {
    const minimumDays = Number((network.liquidationThresholdPeriod + BLOCKS_PER_DAY - 1n) / BLOCKS_PER_DAY);
    return { ok: false, minimumDays };
  }
  const feePerBlock = operatorFees.reduce((sum, fee) => sum + fee, network.networkFee);
  const burnRate = feePerBlock * BigInt(validators);
  const thresholdFees = burnRate * network.liquidationThresholdPeriod;
  const collateral =
    thresholdFees > network.minimumLiquidationCollateral ? thresholdFees : network.minimumLiquidationCollateral;
  const operatingCost = burnRate * blocks;
  return {
    ok: true,
    funding: { days, blocks, feePerBlock, operatingCost, collateral, total: operatingCost + collateral },
  };
}

import { checkWholeCount } from "../../core/whole-count.ts";

/** The longest funding period the funding step takes: ten years of fees. */
export const MAX_FUNDING_DAYS = 3650;

/** What is wrong with typed funding days, as a locale key (its value `max` is MAX_FUNDING_DAYS). */
export type FundingDaysProblem =
  | "ssv.funding.daysRequired"
  | "ssv.funding.daysNotANumber"
  | "ssv.funding.daysNotWhole"
  | "ssv.funding.daysInvalid";

/**
 * Reads the custom funding period as typed: whole days from 1 to MAX_FUNDING_DAYS. "1e2", "90.5", "abc" and ""
 * each get their own problem (Number() would read "1e2" as 100 and "" as 0).
 */
export function checkFundingDays(
  text: string,
): { ok: true; days: number } | { ok: false; problem: FundingDaysProblem } {
  const check = checkWholeCount(text, BigInt(MAX_FUNDING_DAYS));
  if (check.ok) return { ok: true, days: Number(check.count) };
  switch (check.problem.key) {
    case "count.errors.required":
      return { ok: false, problem: "ssv.funding.daysRequired" };
    case "count.errors.notANumber":
      return { ok: false, problem: "ssv.funding.daysNotANumber" };
    case "count.errors.notWhole":
      return { ok: false, problem: "ssv.funding.daysNotWhole" };
    default:
      return { ok: false, problem: "ssv.funding.daysInvalid" };
  }
}

/** The most validators the funding step plans for in one registration (a bulk of 100 stays far under a block's gas). */
export const MAX_NEW_VALIDATORS = 100;

/** The SSV network's parameters the funding needs, read from its views contract. */
export interface SsvNetworkParameters {
  /** SSV wei a block, per validator. */
  readonly networkFee: bigint;
  /** Blocks of fees a cluster must keep to escape liquidation. */
  readonly liquidationThresholdPeriod: bigint;
  /** SSV wei a cluster must keep at least. */
  readonly minimumLiquidationCollateral: bigint;
}

/** The owner's cluster with the same operators, when the validators join one: what it runs and holds now. */
export interface ExistingCluster {
  readonly validators: number;
  /** SSV wei it holds now (getBalance). */
  readonly balance: bigint;
}

export interface FundingInput {
  readonly days: number;
  /** Blocks a day of the environment (ssv.blocksPerDay). */
  readonly blocksPerDay: bigint;
  /** SSV wei a block of each chosen operator. */
  readonly operatorFees: readonly bigint[];
  /** Validators to add. */
  readonly validators: number;
  readonly network: SsvNetworkParameters;
  readonly existing?: ExistingCluster;
}

/** The required SSV and the parts of its formula, as the funding step shows them. */
export interface SsvFunding {
  readonly days: number;
  readonly blocks: bigint;
  /** Σ operators' fees + network fee: SSV wei a block for one validator. */
  readonly feePerBlock: bigint;
  /** Validators the cluster runs afterwards: the existing ones and the new ones. */
  readonly validators: number;
  /** feePerBlock × validators × blocks. */
  readonly operatingCost: bigint;
  /** max(fee per block × validators × liquidation threshold period, minimum collateral). */
  readonly collateral: bigint;
  /** operatingCost + collateral: what the cluster must hold for the period. */
  readonly required: bigint;
  /** What the existing cluster holds already (0 for a new cluster). */
  readonly inCluster: bigint;
  /** max(0, required − inCluster): what the registration deposits. */
  readonly deposit: bigint;
}

export type FundingCheck =
  | { readonly ok: true; readonly funding: SsvFunding }
  | { readonly ok: false; readonly minimumDays: number };

/**
 * Required SSV = (Σ operators' fees + network fee) × validators × blocks + liquidation collateral, the validators
 * being the cluster's existing ones and the new ones, the collateral what the SSV network requires a cluster to
 * keep (the fees of its liquidation threshold period, and at least its minimum collateral). An existing cluster's
 * balance counts: the deposit is what is missing, never below 0. A period shorter than the threshold period is
 * refused: the cluster would be liquidatable as soon as it is registered.
 */
export function ssvFunding({
  days,
  blocksPerDay,
  operatorFees,
  validators,
  network,
  existing,
}: FundingInput): FundingCheck {
  const blocks = BigInt(days) * blocksPerDay;
  if (blocks < network.liquidationThresholdPeriod) {
    const minimumDays = Number((network.liquidationThresholdPeriod + blocksPerDay - 1n) / blocksPerDay);
    return { ok: false, minimumDays };
  }
  const feePerBlock = operatorFees.reduce((sum, fee) => sum + fee, network.networkFee);
  const total = validators + (existing?.validators ?? 0);
  const burnRate = feePerBlock * BigInt(total);
  const thresholdFees = burnRate * network.liquidationThresholdPeriod;
  const collateral =
    thresholdFees > network.minimumLiquidationCollateral ? thresholdFees : network.minimumLiquidationCollateral;
  const operatingCost = burnRate * blocks;
  const required = operatingCost + collateral;
  const inCluster = existing?.balance ?? 0n;
  return {
    ok: true,
    funding: {
      days,
      blocks,
      feePerBlock,
      validators: total,
      operatingCost,
      collateral,
      required,
      inCluster,
      deposit: required > inCluster ? required - inCluster : 0n,
    },
  };
}

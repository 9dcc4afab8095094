import type { Staking } from "../../generated/index.ts";
import { describeDuration, describeDurationRange, describeFrequency } from "./describe-duration.ts";
import type { Translate } from "./translate.ts";

/** "25 AVAX", "500 MANTA, set by the chain's parachainStaking.minDelegation (can change)", "Set by the network, can change" or "No minimum". */
export function describeMinimum(t: Translate, staking: Staking, symbol: string): string {
  if (staking.minimum) return t("facts.minimum", { amount: staking.minimum, symbol });
  if (staking.minimumParameter && staking.minimumParameterValue) {
    return t("facts.minimumParameterValue", {
      amount: staking.minimumParameterValue,
      symbol,
      parameter: staking.minimumParameter,
    });
  }
  if (staking.minimumParameter) return t("facts.minimumParameter", { parameter: staking.minimumParameter });
  return t("facts.noMinimum");
}

/** "7 days", "Up to 21 days", "7 days queue"; for Ethereum the withdrawal time; otherwise "Not listed". */
export function describeUnbonding(t: Translate, staking: Staking): string {
  const unbonding = staking.unbonding;
  if (unbonding) {
    const variant = `${unbonding.bound}${unbonding.mechanism === "queue" ? "Queue" : ""}`;
    return t(`facts.unbonding.${variant}`, { duration: describeDuration(t, unbonding.duration) });
  }
  if (staking.withdrawalTime) return describeDurationRange(t, staking.withdrawalTime);
  return t("facts.noUnbonding");
}

/**
 * What a screen knows beyond config. A pool screen reads its minimum (one vote) and lock period from the
 * contract its form uses: with `fromChain` those lines come from there, and are left out while unknown, in
 * place of config's "No minimum" / "Not listed". `stepped: false` (Ethereum's 0x02 stakes, any gwei amount)
 * states the range without config's step.
 */
export interface FactsContext {
  readonly fromChain?: { readonly minimum: string | undefined; readonly lockPeriod: string | undefined };
  readonly stepped?: boolean;
}

/** Every fact config gives, one sentence each, in a stable order. */
export function describeStakingFacts(
  t: Translate,
  staking: Staking,
  symbol: string,
  context: FactsContext = {},
): string[] {
  const { fromChain, stepped = true } = context;
  const lines: string[] = [];
  if (!fromChain) lines.push(t("facts.minimumLine", { value: describeMinimum(t, staking, symbol) }));
  else if (fromChain.minimum) lines.push(t("facts.minimumLine", { value: fromChain.minimum }));
  if (staking.minimum && staking.maximum && staking.step) {
    lines.push(
      stepped
        ? t("facts.stakeRange", { min: staking.minimum, max: staking.maximum, step: staking.step, symbol })
        : t("facts.stakeRangeAny", { min: staking.minimum, max: staking.maximum, symbol }),
    );
  }
  if (fromChain) {
    if (fromChain.lockPeriod) lines.push(t("facts.lockLine", { value: fromChain.lockPeriod }));
  } else if (staking.unbonding || !staking.withdrawalTime) {
    lines.push(t("facts.unbondingLine", { value: describeUnbonding(t, staking) }));
  }
  if (staking.withdrawalTime) {
    lines.push(t("facts.withdrawal", { range: describeDurationRange(t, staking.withdrawalTime) }));
  }
  if (staking.delegationPeriod) {
    lines.push(t("facts.delegation", { range: describeDurationRange(t, staking.delegationPeriod) }));
  }
  if (staking.rewardFrequency) {
    lines.push(t("facts.rewardFrequency", { frequency: describeFrequency(t, staking.rewardFrequency) }));
  }
  if (staking.depositProcessingInterval) {
    lines.push(t("facts.depositInterval", { frequency: describeFrequency(t, staking.depositProcessingInterval) }));
  }
  return lines;
}

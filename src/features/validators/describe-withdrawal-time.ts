import { describeDuration } from "../../components/network-facts/describe-duration.ts";
import type { Translate } from "../../components/network-facts/translate.ts";
import { parseDuration } from "../../core/duration.ts";
import type { DurationRange } from "../../generated/index.ts";

/**
 * "Unstake takes 2-3 days to receive assets." from config `staking.withdrawalTime` ({ min: "P2D", max: "P3D" });
 * undefined when the network does not state it.
 */
export function describeWithdrawalTime(t: Translate, range: DurationRange | undefined): string | undefined {
  if (!range) return undefined;
  const min = parseDuration(range.min);
  const max = parseDuration(range.max);
  if (min && max && min.unit === max.unit) return t(`unstake.takes.${min.unit}`, { min: min.count, max: max.count });
  return t("unstake.takesMixed", { min: describeDuration(t, range.min), max: describeDuration(t, range.max) });
}

import { dailyMovement, NO_TOTALS, type ValidatorTotals } from "../../server/rewards/daily-reward.ts";
import type { ValidatorDay } from "../../server/rewards/record-daily-rewards.ts";

const DEPOSIT_GWEI = 32_000_000_000n;

/**
 * Day `dayIndex` (0: the day of the deposit) of a 32 ETH validator that earns `perDayGwei` a day and withdraws
 * nothing, as snapshotDay would record it.
 */
export function steadyValidatorDay(
  validatorId: number,
  owner: string,
  dayIndex: number,
  perDayGwei: bigint,
): ValidatorDay {
  const totals = (days: number): ValidatorTotals => ({
    ...NO_TOTALS,
    balanceGwei: DEPOSIT_GWEI + BigInt(days) * perDayGwei,
    depositedGwei: DEPOSIT_GWEI,
  });
  const after = totals(dayIndex + 1);
  return {
    validatorId,
    owner,
    totals: after,
    movement: dailyMovement(dayIndex === 0 ? NO_TOTALS : totals(dayIndex), after),
    principalGwei: DEPOSIT_GWEI,
  };
}

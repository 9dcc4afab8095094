import { and, eq, sql } from "drizzle-orm";
import { recordDailyRewards, type ValidatorDay } from "../rewards/record-daily-rewards.ts";
import type { Storage } from "../storage/database.ts";
import { validators } from "../storage/schema.ts";

/**
 * Records the rewards of `day` for every validator of the environment. A validator's consensus reward that
 * day is what it earned since its last earlier snapshot: (balance - deposits) now minus the same then. Exited
 * and withdrawn validators no longer count as staked. Execution rewards are the owner's Accrued events of the
 * day. Running it again for the same day replaces that day.
 */
export async function snapshotDay(
  storage: Storage,
  options: { network: string; environment: string; day: string },
): Promise<number> {
  const rows = await storage.db
    .select()
    .from(validators)
    .where(and(eq(validators.network, options.network), eq(validators.environment, options.environment)));
  const previous = await storage.rows<{ validator_id: number; balance_gwei: string }>(sql`
    select distinct on (r.validator_id) r.validator_id, r.balance_gwei::text as balance_gwei
    from validator_daily_rewards r join validators v on v.id = r.validator_id
    where v.network = ${options.network} and v.environment = ${options.environment} and r.day < ${options.day}
    order by r.validator_id, r.day desc`);
  const before = new Map(previous.map((row) => [Number(row.validator_id), BigInt(row.balance_gwei)]));
  const days: ValidatorDay[] = rows.map((row) => {
    const withdrawn = row.status === "withdrawal_done";
    const earnedNow = withdrawn ? 0n : row.balanceGwei - row.depositedGwei;
    const earnedBefore = before.has(row.id) ? (before.get(row.id) as bigint) - row.depositedGwei : 0n;
    return {
      validatorId: row.id,
      owner: row.owner,
      balanceGwei: row.balanceGwei,
      consensusRewardGwei: withdrawn ? 0n : earnedNow - earnedBefore,
      principalGwei: withdrawn ? 0n : row.depositedGwei,
    };
  });
  const accrued = await storage.rows<{ owner: string; amount_wei: string }>(sql`
    select owner, sum(amount_wei)::text as amount_wei from execution_rewards
    where network = ${options.network} and environment = ${options.environment} and day = ${options.day}
    group by owner`);
  await recordDailyRewards(storage, {
    network: options.network,
    environment: options.environment,
    day: options.day,
    validators: days,
    executionRewardsWei: new Map(accrued.map((row) => [row.owner, BigInt(row.amount_wei)])),
  });
  return days.length;
}

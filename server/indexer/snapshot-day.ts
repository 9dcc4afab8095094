import { sql } from "drizzle-orm";
import { dailyMovement, NO_TOTALS, type ValidatorTotals } from "../rewards/daily-reward.ts";
import { recordDailyRewards, type ValidatorDay } from "../rewards/record-daily-rewards.ts";
import type { Storage } from "../storage/database.ts";

interface Row {
  id: number;
  owner: string;
  known: boolean;
  balance_gwei: string;
  credited_gwei: string;
  deposits_seen_gwei: string;
  withdrawn_gwei: string;
  withdrawn_principal_gwei: string;
  exited_principal_gwei: string;
  before_balance_gwei: string | null;
  before_deposited_gwei: string | null;
  before_withdrawn_gwei: string | null;
  before_withdrawn_principal_gwei: string | null;
  before_exited_principal_gwei: string | null;
}

/**
 * Records the rewards of `day` for every validator of the environment by the one rule (dailyMovement): its
 * balance, credited deposits and withdrawals as last read from the Beacon API, against its totals at the end
 * of its last earlier day. A validator the Beacon API does not know yet holds nothing and was credited nothing.
 * Its principal is every deposit seen on the execution chain (a pending one too) minus the principal
 * withdrawn and returned by exits. Execution rewards are the owner's Accrued events of the day. `epoch` is the
 * epoch of the Beacon state those balances were read at (null when none was read), where the day's rewards end.
 * Running it again for the same day replaces that day.
 */
export async function snapshotDay(
  storage: Storage,
  options: { network: string; environment: string; day: string; epoch: bigint | null },
): Promise<number> {
  const rows = await storage.rows<Row>(sql`
    select v.id, v.owner, v.validator_index is not null as known, v.balance_gwei::text, v.credited_gwei::text,
      coalesce(d.amount, v.deposited_gwei)::text as deposits_seen_gwei,
      coalesce(w.amount, 0)::text as withdrawn_gwei,
      coalesce(w.principal, 0)::text as withdrawn_principal_gwei,
      coalesce(w.exited, 0)::text as exited_principal_gwei,
      b.balance_gwei::text as before_balance_gwei, b.deposited_gwei::text as before_deposited_gwei,
      b.withdrawn_gwei::text as before_withdrawn_gwei,
      b.withdrawn_principal_gwei::text as before_withdrawn_principal_gwei,
      b.exited_principal_gwei::text as before_exited_principal_gwei
    from validators v
    left join (
      select pubkey, sum(amount_gwei) as amount from validator_deposits
      where network = ${options.network} and environment = ${options.environment} group by pubkey
    ) d on d.pubkey = v.pubkey
    left join (
      select validator_id, sum(amount_gwei) as amount,
        sum(principal_gwei) filter (where not "full") as principal, sum(principal_gwei) filter (where "full") as exited
      from validator_withdrawals
      where network = ${options.network} and environment = ${options.environment} group by validator_id
    ) w on w.validator_id = v.id
    left join lateral (
      select * from validator_daily_rewards r where r.validator_id = v.id and r.day < ${options.day}
      order by r.day desc limit 1
    ) b on true
    where v.network = ${options.network} and v.environment = ${options.environment}
    order by v.id`);
  const days: ValidatorDay[] = rows.map((row) => {
    const totals: ValidatorTotals = row.known
      ? {
          balanceGwei: BigInt(row.balance_gwei),
          depositedGwei: BigInt(row.credited_gwei),
          withdrawnGwei: BigInt(row.withdrawn_gwei),
          withdrawnPrincipalGwei: BigInt(row.withdrawn_principal_gwei),
          exitedPrincipalGwei: BigInt(row.exited_principal_gwei),
        }
      : NO_TOTALS;
    const before: ValidatorTotals =
      row.before_balance_gwei === null
        ? NO_TOTALS
        : {
            balanceGwei: BigInt(row.before_balance_gwei),
            depositedGwei: BigInt(row.before_deposited_gwei ?? "0"),
            withdrawnGwei: BigInt(row.before_withdrawn_gwei ?? "0"),
            withdrawnPrincipalGwei: BigInt(row.before_withdrawn_principal_gwei ?? "0"),
            exitedPrincipalGwei: BigInt(row.before_exited_principal_gwei ?? "0"),
          };
    return {
      validatorId: Number(row.id),
      owner: row.owner,
      totals,
      movement: dailyMovement(before, totals),
      principalGwei: BigInt(row.deposits_seen_gwei) - totals.withdrawnPrincipalGwei - totals.exitedPrincipalGwei,
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
    epoch: options.epoch,
    validators: days,
    executionRewardsWei: new Map(accrued.map((row) => [row.owner, BigInt(row.amount_wei)])),
  });
  return days.length;
}

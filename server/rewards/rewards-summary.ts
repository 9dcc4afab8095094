import { sql } from "drizzle-orm";
import { parseGwei } from "viem";
import type { RewardsSummary } from "../../src/core/api/rewards-summary.ts";
import type { OwnerScope } from "../owners/owner-scope.ts";
import type { Storage } from "../storage/database.ts";
import { measuredApr } from "./measured-apr.ts";

interface Row {
  as_of: string | Date | null;
  consensus_gwei: string;
  execution_wei: string;
  day_gwei: string;
  day_wei: string;
  week_gwei: string;
  week_wei: string;
  month_gwei: string;
  month_wei: string;
  measured_wei: string;
  measured_staked_gwei_epochs: string;
  measured_span_epochs: string | null;
  staked_gwei: string | null;
  validator_count: string | number | null;
  withdrawn_principal_gwei: string;
  exited_principal_gwei: string;
}

/**
 * One query over the owner's daily rows (at most one per day), however many validators they run. Every figure
 * comes from the same daily rewards (balance change + withdrawals - deposits): the consensus rewards are their
 * sum, the income their sums over the last day, 7 and 30 days, and the APR that of the last 30 days' rows whose
 * epochs are known, over the stake times the epochs each was earned over (the one rule of measuredApr: none
 * before 1,575 epochs, 7 days of 225). Principal is apart: deposited,
 * withdrawn (partial withdrawals' principal), returned by exits, and what is still staked; the total is what is
 * still staked plus everything earned.
 */
export async function rewardsSummary(storage: Storage, scope: OwnerScope): Promise<RewardsSummary> {
  const [row] = await storage.rows<Row>(sql`
    with days as (
      select day, staked_gwei, consensus_reward_gwei, execution_reward_wei, validator_count,
        withdrawn_principal_gwei, exited_principal_gwei, start_epoch, end_epoch
      from owner_daily_rewards
      where network = ${scope.network.slug} and environment = ${scope.environment} and owner = ${scope.owner}
    ), latest as (select max(day) as day from days)
    select
      (select day from latest) as as_of,
      coalesce(sum(consensus_reward_gwei), 0)::text as consensus_gwei,
      coalesce(sum(execution_reward_wei), 0)::text as execution_wei,
      coalesce(sum(withdrawn_principal_gwei), 0)::text as withdrawn_principal_gwei,
      coalesce(sum(exited_principal_gwei), 0)::text as exited_principal_gwei,
      coalesce(sum(consensus_reward_gwei) filter (where day = (select day from latest)), 0)::text as day_gwei,
      coalesce(sum(execution_reward_wei) filter (where day = (select day from latest)), 0)::text as day_wei,
      coalesce(sum(consensus_reward_gwei) filter (where day > (select day from latest) - 7), 0)::text as week_gwei,
      coalesce(sum(execution_reward_wei) filter (where day > (select day from latest) - 7), 0)::text as week_wei,
      coalesce(sum(consensus_reward_gwei) filter (where day > (select day from latest) - 30), 0)::text as month_gwei,
      coalesce(sum(execution_reward_wei) filter (where day > (select day from latest) - 30), 0)::text as month_wei,
      coalesce(sum(consensus_reward_gwei::numeric * 1000000000 + execution_reward_wei) filter (where measured), 0)::text as measured_wei,
      coalesce(sum(staked_gwei::numeric * (end_epoch - start_epoch)) filter (where measured), 0)::text as measured_staked_gwei_epochs,
      (max(end_epoch) filter (where measured) - min(start_epoch) filter (where measured))::text as measured_span_epochs,
      (select staked_gwei::text from days where day = (select day from latest)) as staked_gwei,
      (select validator_count from days where day = (select day from latest)) as validator_count
    from (
      select *, day > (select day from latest) - 30 and start_epoch is not null and end_epoch is not null as measured
      from days
    ) window_days`);
  const gwei = (value: string | null | undefined) => parseGwei(value ?? "0");
  const wei = (value: string | null | undefined) => BigInt(value ?? "0");
  const consensus = gwei(row?.consensus_gwei);
  const execution = wei(row?.execution_wei);
  const staked = gwei(row?.staked_gwei);
  const withdrawnPrincipal = gwei(row?.withdrawn_principal_gwei);
  const exitedPrincipal = gwei(row?.exited_principal_gwei);
  const month = gwei(row?.month_gwei) + wei(row?.month_wei);
  const asOf = row?.as_of
    ? row.as_of instanceof Date
      ? row.as_of.toISOString().slice(0, 10)
      : String(row.as_of)
    : null;
  return {
    asOf,
    validatorCount: Number(row?.validator_count ?? 0),
    stakedWei: staked,
    depositedWei: staked + withdrawnPrincipal + exitedPrincipal,
    withdrawnPrincipalWei: withdrawnPrincipal,
    exitedPrincipalWei: exitedPrincipal,
    totalWei: staked + consensus + execution,
    earnedWei: consensus + execution,
    consensusRewardsWei: consensus,
    executionRewardsWei: execution,
    dailyIncomeWei: gwei(row?.day_gwei) + wei(row?.day_wei),
    weeklyIncomeWei: gwei(row?.week_gwei) + wei(row?.week_wei),
    monthlyIncomeWei: month,
    averageApr: measuredApr({
      rewardsWei: BigInt(row?.measured_wei ?? "0"),
      stakedWeiEpochs: gwei(row?.measured_staked_gwei_epochs),
      spanEpochs: BigInt(row?.measured_span_epochs ?? "0"),
    }),
  };
}

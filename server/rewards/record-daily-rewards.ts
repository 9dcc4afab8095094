import { sql } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";
import { ownerDailyRewards, validatorDailyRewards } from "../storage/schema.ts";
import type { DailyMovement, ValidatorTotals } from "./daily-reward.ts";

export interface ValidatorDay {
  readonly validatorId: number;
  readonly owner: string;
  /** Its running totals at the end of the day (the next day's movement starts from them). */
  readonly totals: ValidatorTotals;
  /** What moved since its previous day, and its reward (see dailyMovement). */
  readonly movement: DailyMovement;
  /** Principal staked at the end of the day: deposits minus principal withdrawn and returned by exits. */
  readonly principalGwei: bigint;
}

type OwnerSum = Omit<DailyMovement, "rewardGwei"> & { staked: bigint; consensus: bigint; count: number };

const EMPTY: OwnerSum = {
  balanceStartGwei: 0n,
  balanceEndGwei: 0n,
  depositsGwei: 0n,
  withdrawalsGwei: 0n,
  withdrawnPrincipalGwei: 0n,
  exitedPrincipalGwei: 0n,
  staked: 0n,
  consensus: 0n,
  count: 0,
};

function add(sum: OwnerSum, day: ValidatorDay): OwnerSum {
  const move = day.movement;
  return {
    balanceStartGwei: sum.balanceStartGwei + move.balanceStartGwei,
    balanceEndGwei: sum.balanceEndGwei + move.balanceEndGwei,
    depositsGwei: sum.depositsGwei + move.depositsGwei,
    withdrawalsGwei: sum.withdrawalsGwei + move.withdrawalsGwei,
    withdrawnPrincipalGwei: sum.withdrawnPrincipalGwei + move.withdrawnPrincipalGwei,
    exitedPrincipalGwei: sum.exitedPrincipalGwei + move.exitedPrincipalGwei,
    staked: sum.staked + day.principalGwei,
    consensus: sum.consensus + move.rewardGwei,
    count: sum.count + 1,
  };
}

/**
 * Where each owner's rewards of `day` start, in epochs (see ownerDailyRewards.startEpoch): at the end of their
 * previous day; for a day recorded again, where it started when first recorded; on their first day, at this
 * reading when nothing was earned before it (a new stake), else unknown (rewards from before this server read).
 */
async function startEpochs(
  storage: Storage,
  input: { readonly network: string; readonly environment: string; readonly day: string },
): Promise<Map<string, { day: string; startEpoch: bigint | null; endEpoch: bigint | null }>> {
  const rows = await storage.rows<{ owner: string; day: string; start_epoch: string | null; end_epoch: string | null }>(
    sql`select distinct on (owner) owner, day::text as day, start_epoch::text, end_epoch::text
      from owner_daily_rewards
      where network = ${input.network} and environment = ${input.environment} and day <= ${input.day}
      order by owner, day desc`,
  );
  const epoch = (value: string | null) => (value === null ? null : BigInt(value));
  return new Map(
    rows.map((row) => [
      row.owner,
      { day: row.day, startEpoch: epoch(row.start_epoch), endEpoch: epoch(row.end_epoch) },
    ]),
  );
}

/**
 * Records one day of rewards for an environment (the caller passes every validator of the environment that
 * day): every validator's row, and each owner's sum with the execution-layer rewards accrued to them that day,
 * in one transaction, with the epochs the owner's rewards were earned over (to `epoch`, that of the Beacon
 * state the totals were read at; null when none was read). Recording a day again replaces it, so a re-run
 * after a crash neither duplicates nor drops anything.
 */
export async function recordDailyRewards(
  storage: Storage,
  input: {
    readonly network: string;
    readonly environment: string;
    readonly day: string;
    readonly epoch: bigint | null;
    readonly validators: readonly ValidatorDay[];
    readonly executionRewardsWei: ReadonlyMap<string, bigint>;
  },
): Promise<void> {
  const owners = new Map<string, OwnerSum>();
  for (const validator of input.validators) {
    owners.set(validator.owner, add(owners.get(validator.owner) ?? EMPTY, validator));
  }
  for (const owner of input.executionRewardsWei.keys()) {
    if (!owners.has(owner)) owners.set(owner, EMPTY);
  }
  const latest = await startEpochs(storage, input);
  const startOf = (owner: string, consensus: bigint): bigint | null => {
    const before = latest.get(owner);
    if (!before) return consensus === 0n ? input.epoch : null;
    return before.day === input.day ? before.startEpoch : before.endEpoch;
  };
  await storage.db.transaction(async (tx) => {
    const CHUNK = 1_000;
    for (let start = 0; start < input.validators.length; start += CHUNK) {
      const rows = input.validators.slice(start, start + CHUNK).map((validator) => ({
        validatorId: validator.validatorId,
        day: input.day,
        ...validator.totals,
        consensusRewardGwei: validator.movement.rewardGwei,
      }));
      await tx
        .insert(validatorDailyRewards)
        .values(rows)
        .onConflictDoUpdate({
          target: [validatorDailyRewards.validatorId, validatorDailyRewards.day],
          set: {
            balanceGwei: sql`excluded.balance_gwei`,
            consensusRewardGwei: sql`excluded.consensus_reward_gwei`,
            depositedGwei: sql`excluded.deposited_gwei`,
            withdrawnGwei: sql`excluded.withdrawn_gwei`,
            withdrawnPrincipalGwei: sql`excluded.withdrawn_principal_gwei`,
            exitedPrincipalGwei: sql`excluded.exited_principal_gwei`,
          },
        });
    }
    const ownerRows = [...owners].map(([owner, { staked, consensus, count, ...movements }]) => ({
      network: input.network,
      environment: input.environment,
      owner,
      day: input.day,
      stakedGwei: staked,
      consensusRewardGwei: consensus,
      executionRewardWei: (input.executionRewardsWei.get(owner) ?? 0n).toString(),
      validatorCount: count,
      ...movements,
      startEpoch: input.epoch === null ? null : startOf(owner, consensus),
      endEpoch: input.epoch,
    }));
    for (let start = 0; start < ownerRows.length; start += CHUNK) {
      await tx
        .insert(ownerDailyRewards)
        .values(ownerRows.slice(start, start + CHUNK))
        .onConflictDoUpdate({
          target: [
            ownerDailyRewards.network,
            ownerDailyRewards.environment,
            ownerDailyRewards.owner,
            ownerDailyRewards.day,
          ],
          set: {
            stakedGwei: sql`excluded.staked_gwei`,
            consensusRewardGwei: sql`excluded.consensus_reward_gwei`,
            executionRewardWei: sql`excluded.execution_reward_wei`,
            validatorCount: sql`excluded.validator_count`,
            balanceStartGwei: sql`excluded.balance_start_gwei`,
            balanceEndGwei: sql`excluded.balance_end_gwei`,
            depositsGwei: sql`excluded.deposits_gwei`,
            withdrawalsGwei: sql`excluded.withdrawals_gwei`,
            withdrawnPrincipalGwei: sql`excluded.withdrawn_principal_gwei`,
            exitedPrincipalGwei: sql`excluded.exited_principal_gwei`,
            startEpoch: sql`excluded.start_epoch`,
            endEpoch: sql`excluded.end_epoch`,
          },
        });
    }
  });
}

import { sql } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";
import { ownerDailyRewards, validatorDailyRewards } from "../storage/schema.ts";

export interface ValidatorDay {
  readonly validatorId: number;
  readonly owner: string;
  /** Balance at the end of the day. */
  readonly balanceGwei: bigint;
  /** Balance change minus deposits plus withdrawals: what the validator earned that day (negative for penalties). */
  readonly consensusRewardGwei: bigint;
  /** Principal deposited and not withdrawn. */
  readonly principalGwei: bigint;
}

/**
 * Records one day of rewards for an environment (the caller passes every validator of the environment that
 * day): every validator's row, and each owner's sum with the
 * execution-layer rewards accrued to them that day, in one transaction. Recording a day again replaces it,
 * so a re-run after a crash neither duplicates nor drops anything.
 */
export async function recordDailyRewards(
  storage: Storage,
  input: {
    readonly network: string;
    readonly environment: string;
    readonly day: string;
    readonly validators: readonly ValidatorDay[];
    readonly executionRewardsWei: ReadonlyMap<string, bigint>;
  },
): Promise<void> {
  const owners = new Map<string, { staked: bigint; consensus: bigint; count: number }>();
  for (const validator of input.validators) {
    const sum = owners.get(validator.owner) ?? { staked: 0n, consensus: 0n, count: 0 };
    owners.set(validator.owner, {
      staked: sum.staked + validator.principalGwei,
      consensus: sum.consensus + validator.consensusRewardGwei,
      count: sum.count + 1,
    });
  }
  for (const owner of input.executionRewardsWei.keys()) {
    if (!owners.has(owner)) owners.set(owner, { staked: 0n, consensus: 0n, count: 0 });
  }
  await storage.db.transaction(async (tx) => {
    const CHUNK = 1_000;
    for (let start = 0; start < input.validators.length; start += CHUNK) {
      const rows = input.validators.slice(start, start + CHUNK).map((validator) => ({
        validatorId: validator.validatorId,
        day: input.day,
        balanceGwei: validator.balanceGwei,
        consensusRewardGwei: validator.consensusRewardGwei,
      }));
      await tx
        .insert(validatorDailyRewards)
        .values(rows)
        .onConflictDoUpdate({
          target: [validatorDailyRewards.validatorId, validatorDailyRewards.day],
          set: { balanceGwei: sql`excluded.balance_gwei`, consensusRewardGwei: sql`excluded.consensus_reward_gwei` },
        });
    }
    const ownerRows = [...owners].map(([owner, sum]) => ({
      network: input.network,
      environment: input.environment,
      owner,
      day: input.day,
      stakedGwei: sum.staked,
      consensusRewardGwei: sum.consensus,
      executionRewardWei: (input.executionRewardsWei.get(owner) ?? 0n).toString(),
      validatorCount: sum.count,
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
          },
        });
    }
  });
}

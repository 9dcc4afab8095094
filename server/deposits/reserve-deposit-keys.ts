import { and, eq, sql } from "drizzle-orm";
import { ApiError } from "../http/api-error.ts";
import type { Storage } from "../storage/database.ts";
import { depositKeyCounters, depositRequests } from "../storage/schema.ts";
import type { DepositPlan } from "./resolve-deposit-plan.ts";

export type StoredDepositRequest = typeof depositRequests.$inferSelect;

export interface UndepositedKeyCaps {
  /** DEPOSIT_UNDEPOSITED_KEYS_PER_OWNER, per network environment. */
  readonly perOwner: number;
  /** DEPOSIT_UNDEPOSITED_KEYS_TOTAL: all owners together, per network environment. */
  readonly total: number;
}

type Transaction = Parameters<Parameters<Storage["db"]["transaction"]>[0]>[0];

/**
 * Keys of a network environment that no deposit has used: those of its requests (reserved with them, signed
 * or not yet) minus those the indexer has seen deposited, by anyone (table deposited_keys).
 */
async function undepositedKeys(tx: Transaction, plan: DepositPlan): Promise<{ owner: number; total: number }> {
  const network = plan.network.slug;
  const environment = plan.environment.id;
  const result = (await tx.execute(sql`
    select
      (select coalesce(sum(r.validator_count), 0) from deposit_requests r
        where r.network = ${network} and r.environment = ${environment} and r.owner = ${plan.owner}) -
      (select count(*) from validator_keys k
        join deposit_requests r on r.id = k.request_id
        join deposited_keys d on d.network = r.network and d.environment = r.environment and d.pubkey = k.pubkey
        where r.network = ${network} and r.environment = ${environment} and r.owner = ${plan.owner}) as owner,
      (select coalesce(sum(r.validator_count), 0) from deposit_requests r
        where r.network = ${network} and r.environment = ${environment}) -
      (select count(*) from validator_keys k
        join deposit_requests r on r.id = k.request_id
        join deposited_keys d on d.network = r.network and d.environment = r.environment and d.pubkey = k.pubkey
        where r.network = ${network} and r.environment = ${environment}) as total`)) as unknown as {
    rows: Array<{ owner: string | number; total: string | number }>;
  };
  const row = result.rows[0];
  return { owner: Number(row?.owner ?? 0), total: Number(row?.total ?? 0) };
}

/**
 * Records a new deposit request and reserves its key indexes in its seed branch, in one transaction that holds
 * the branch's counter row: requests of one environment reserve one after another, so the caps on keys never
 * deposited hold exactly and no index is given out twice. Returns the stored request instead when the owner's
 * idempotency key is already taken (created: false). Throws a 409 naming the cap that would be passed.
 */
export async function reserveDepositKeys(
  storage: Storage,
  input: { readonly plan: DepositPlan; readonly idempotencyKey: string; readonly branch: string },
  caps: UndepositedKeyCaps,
): Promise<{ request: StoredDepositRequest; created: boolean }> {
  const { plan, idempotencyKey, branch } = input;
  const count = plan.amountsGwei.length;
  return storage.db.transaction(async (tx) => {
    await tx.insert(depositKeyCounters).values({ seedBranch: branch, nextIndex: 0 }).onConflictDoNothing();
    const [counter] = await tx
      .select()
      .from(depositKeyCounters)
      .where(eq(depositKeyCounters.seedBranch, branch))
      .for("update");
    const [existing] = await tx
      .select()
      .from(depositRequests)
      .where(and(eq(depositRequests.owner, plan.owner), eq(depositRequests.idempotencyKey, idempotencyKey)));
    if (existing) return { request: existing, created: false };

    const held = await undepositedKeys(tx, plan);
    const where = plan.environment.name;
    if (held.owner + count > caps.perOwner) {
      throw new ApiError(
        409,
        "undeposited_keys_limit",
        `owner: ${plan.owner} already has ${held.owner} validator keys on ${where} that were never deposited, and at most ${caps.perOwner} may wait for a deposit (DEPOSIT_UNDEPOSITED_KEYS_PER_OWNER): deposit those first (asking again with the same idempotency key returns them)${held.owner < caps.perOwner ? `, or ask for at most ${caps.perOwner - held.owner}` : ""}`,
        "owner",
      );
    }
    if (held.total + count > caps.total) {
      throw new ApiError(
        409,
        "undeposited_keys_total_limit",
        `environment: this server already holds ${held.total} validator keys on ${where} that were never deposited, its limit is ${caps.total} (DEPOSIT_UNDEPOSITED_KEYS_TOTAL): try again later or contact the provider`,
        "environment",
      );
    }
    const firstKeyIndex = (counter as { nextIndex: number }).nextIndex;
    await tx
      .update(depositKeyCounters)
      .set({ nextIndex: firstKeyIndex + count })
      .where(eq(depositKeyCounters.seedBranch, branch));
    const [request] = await tx
      .insert(depositRequests)
      .values({
        owner: plan.owner,
        idempotencyKey,
        network: plan.network.slug,
        environment: plan.environment.id,
        credentialType: plan.credentialType,
        validatorCount: count,
        amountGwei: plan.amountsGwei.reduce((sum, amount) => sum + amount, 0n),
        seedBranch: branch,
        firstKeyIndex,
      })
      .returning();
    return { request: request as StoredDepositRequest, created: true };
  });
}

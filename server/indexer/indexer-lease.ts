import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../storage/database.ts";
import { indexerLeases } from "../storage/schema.ts";

/** A transaction of the typed query layer. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** One environment's lease, held by one server instance. */
export interface LeaseScope {
  readonly network: string;
  readonly environment: string;
  /** This instance's id (INSTANCE_ID). */
  readonly holder: string;
  /** How long a take or renewal holds the lease (INDEXER_LEASE_MS). */
  readonly ttlMs: number;
}

/** Thrown inside an indexer transaction when its instance no longer holds the lease: the transaction rolls back. */
export class LeaseLostError extends Error {
  override readonly name = "LeaseLostError";
  constructor(scope: LeaseScope) {
    super(`instance ${scope.holder} no longer holds the indexer lease of ${scope.network}/${scope.environment}`);
  }
}

const expiry = (ttlMs: number) => sql`now() + ${Math.round(ttlMs)}::integer * interval '1 millisecond'`;

const scopeOf = (scope: LeaseScope) =>
  and(eq(indexerLeases.network, scope.network), eq(indexerLeases.environment, scope.environment));

/**
 * Takes the lease when nobody holds it or its holder let it expire, or renews it when this instance holds it,
 * in one atomic statement (times are the database's, so instances' clocks do not matter). Returns whether
 * this instance holds the lease afterwards.
 */
export async function takeOrRenewLease(db: Database | Transaction, scope: LeaseScope): Promise<boolean> {
  const rows = await db
    .insert(indexerLeases)
    .values({
      network: scope.network,
      environment: scope.environment,
      holder: scope.holder,
      expiresAt: expiry(scope.ttlMs),
    })
    .onConflictDoUpdate({
      target: [indexerLeases.network, indexerLeases.environment],
      set: {
        holder: scope.holder,
        expiresAt: expiry(scope.ttlMs),
        heartbeatAt: sql`now()`,
        acquiredAt: sql`case when ${indexerLeases.holder} = ${scope.holder} then ${indexerLeases.acquiredAt} else now() end`,
      },
      setWhere: sql`${indexerLeases.holder} = ${scope.holder} or ${indexerLeases.expiresAt} <= now()`,
    })
    .returning({ holder: indexerLeases.holder });
  return rows.length === 1;
}

/**
 * The fencing check, run first inside an indexer transaction: renews the lease if this instance
 * still holds it, else throws LeaseLostError so nothing of the transaction is written. The renewal locks the
 * lease row until the commit, so no other instance can take the lease between the check and the commit.
 */
export async function fenceLease(tx: Transaction, scope: LeaseScope): Promise<void> {
  // A holder stopped mid-transaction (paused process, lost network) must not keep the row locked for ever:
  // the server ends its session once the transaction idles longer than a lease, and the lock goes with it.
  await tx.execute(sql.raw(`set local idle_in_transaction_session_timeout = ${Math.round(scope.ttlMs)}`));
  const rows = await tx
    .update(indexerLeases)
    .set({ expiresAt: expiry(scope.ttlMs), heartbeatAt: sql`now()` })
    .where(and(scopeOf(scope), eq(indexerLeases.holder, scope.holder)))
    .returning({ holder: indexerLeases.holder });
  if (rows.length !== 1) throw new LeaseLostError(scope);
}

/** Gives the lease up at shutdown (if this instance holds it), so another instance takes over at once. */
export async function releaseLease(db: Database, scope: LeaseScope): Promise<void> {
  await db
    .update(indexerLeases)
    .set({ expiresAt: sql`now()` })
    .where(and(scopeOf(scope), eq(indexerLeases.holder, scope.holder)));
}

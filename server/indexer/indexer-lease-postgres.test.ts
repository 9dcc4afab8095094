import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresServer, startPostgres } from "../../tests/support/postgres-server.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { fenceLease, takeOrRenewLease } from "./indexer-lease.ts";

/** The lease's locking on a real PostgreSQL server, where instances' statements run truly at once. */
let postgres: PostgresServer;
let storage: Storage;
const connectionErrors: unknown[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
  storage = await openStorage({
    databaseUrl: postgres.url,
    dataDir: "unused",
    onConnectionError: (error) => connectionErrors.push(error),
  });
}, 60_000);
afterAll(async () => {
  await storage?.close();
  await postgres?.stop();
});

const scope = (holder: string, environment: string) => ({ network: "ethereum", environment, holder, ttlMs: 1_000 });

/** Polls `read` until it returns true, or fails after withinMs. */
async function until(read: () => Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const expired = (environment: string) => async () =>
  (
    await storage.rows<{ expired: boolean }>(
      sql`select expires_at <= now() as expired from indexer_leases where environment = ${environment}`,
    )
  )[0]?.expired === true;

const waitingOnALock = async () =>
  Number(
    (
      await storage.rows<{ count: string }>(
        sql`select count(*) as count from pg_stat_activity where wait_event_type = 'Lock' and query like '%indexer_leases%'`,
      )
    )[0]?.count,
  ) === 1;

describe("indexer lease on a PostgreSQL server", () => {
  it("makes a takeover wait for the holder's fenced transaction, which renewed the lease: the holder keeps it", async () => {
    await takeOrRenewLease(storage.db, scope("a", "locked"));
    await until(expired("locked"), 5_000);
    let commit = () => {};
    const gate = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let fenced = () => {};
    const inside = new Promise<void>((resolve) => {
      fenced = resolve;
    });
    const holder = storage.db.transaction(async (tx) => {
      await fenceLease(tx, scope("a", "locked"));
      fenced();
      await gate;
    });
    await inside;
    const takeover = takeOrRenewLease(storage.db, scope("b", "locked"));
    await until(waitingOnALock, 5_000);
    commit();
    await holder;
    expect(await takeover).toBe(false);
  });

  it("ends the session of a holder stalled inside its transaction after a lease, so another instance takes over", async () => {
    await takeOrRenewLease(storage.db, scope("a", "stalled"));
    const started = Date.now();
    let resume = () => {};
    const stall = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const holder = storage.db
      .transaction(async (tx) => {
        await fenceLease(tx, scope("a", "stalled"));
        await stall;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => "committed",
        () => "rolled back",
      );
    await until(() => takeOrRenewLease(storage.db, scope("b", "stalled")), 10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    resume();
    expect(await holder).toBe("rolled back");
    // Reported as the connection's error, not thrown at the process (which would end it).
    expect(connectionErrors).toContainEqual(expect.objectContaining({ code: "25P03" }));
  });
});

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStorage, type Storage } from "../storage/database.ts";
import { indexerCursors, indexerLeases } from "../storage/schema.ts";
import { fenceLease, LeaseLostError, releaseLease, takeOrRenewLease } from "./indexer-lease.ts";

let storage: Storage;
beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
});
afterAll(async () => {
  await storage?.close();
});

const scope = (holder: string, environment: string, ttlMs = 10_000) => ({
  network: "ethereum",
  environment,
  holder,
  ttlMs,
});

const leaseRow = async (environment: string) =>
  (
    await storage.db
      .select()
      .from(indexerLeases)
      .where(and(eq(indexerLeases.network, "ethereum"), eq(indexerLeases.environment, environment)))
  )[0];

/** Polls `condition` until it holds or `withinMs` passes. */
async function eventually(condition: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/** A cursor write fenced by `holder`'s lease, as the indexer's chunk transactions are. */
const fencedCursorWrite = (holder: string, environment: string, blockNumber: bigint) =>
  storage.db.transaction(async (tx) => {
    await fenceLease(tx, scope(holder, environment));
    await tx
      .insert(indexerCursors)
      .values({ network: "ethereum", environment, stream: "logs", blockNumber, blockHash: `0x${holder}` })
      .onConflictDoUpdate({
        target: [indexerCursors.network, indexerCursors.environment, indexerCursors.stream],
        set: { blockNumber, blockHash: `0x${holder}` },
      });
  });

const cursorOf = async (environment: string) =>
  (
    await storage.db
      .select({ blockNumber: indexerCursors.blockNumber, blockHash: indexerCursors.blockHash })
      .from(indexerCursors)
      .where(and(eq(indexerCursors.network, "ethereum"), eq(indexerCursors.environment, environment)))
  )[0];

describe("indexer lease", () => {
  it("is taken by the first instance and refused to a second while it is held", async () => {
    expect(await takeOrRenewLease(storage.db, scope("a", "take"))).toBe(true);
    expect(await takeOrRenewLease(storage.db, scope("b", "take"))).toBe(false);
    expect((await leaseRow("take"))?.holder).toBe("a");
  });

  it("is renewed by its holder: a later expiry, the same acquisition time", async () => {
    await takeOrRenewLease(storage.db, scope("a", "renew"));
    const first = await leaseRow("renew");
    expect(await takeOrRenewLease(storage.db, scope("a", "renew", 60_000))).toBe(true);
    const renewed = await leaseRow("renew");
    expect(renewed?.holder).toBe("a");
    expect(renewed?.acquiredAt).toEqual(first?.acquiredAt);
    expect(renewed?.expiresAt.getTime()).toBeGreaterThan(first?.expiresAt.getTime() ?? Infinity);
  });

  it("expires when not renewed, and is then taken by another instance", async () => {
    const started = Date.now();
    expect(await takeOrRenewLease(storage.db, scope("a", "expire", 1_000))).toBe(true);
    expect(await takeOrRenewLease(storage.db, scope("b", "expire"))).toBe(false);
    expect(await eventually(() => takeOrRenewLease(storage.db, scope("b", "expire")), 5_000)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((await leaseRow("expire"))?.holder).toBe("b");
    // The old holder cannot renew its way back in while the new one holds it.
    expect(await takeOrRenewLease(storage.db, scope("a", "expire"))).toBe(false);
  });

  it("lets the holder's fenced transaction commit", async () => {
    await takeOrRenewLease(storage.db, scope("a", "fence-ok"));
    await fencedCursorWrite("a", "fence-ok", 7n);
    expect(await cursorOf("fence-ok")).toEqual({ blockNumber: 7n, blockHash: "0xa" });
  });

  it("refuses a stale holder's transaction after another instance took the lease: nothing is written", async () => {
    await takeOrRenewLease(storage.db, scope("a", "fence-stale"));
    await fencedCursorWrite("a", "fence-stale", 10n);
    // a stops renewing (paused); its lease runs out and b takes over.
    await storage.db
      .update(indexerLeases)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(indexerLeases.environment, "fence-stale"));
    expect(await takeOrRenewLease(storage.db, scope("b", "fence-stale"))).toBe(true);
    await fencedCursorWrite("b", "fence-stale", 11n);
    // a wakes up and tries to commit the chunk it had under way.
    const stale = await fencedCursorWrite("a", "fence-stale", 12n).catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(LeaseLostError);
    expect((stale as Error).message).toBe("instance a no longer holds the indexer lease of ethereum/fence-stale");
    expect(await cursorOf("fence-stale")).toEqual({ blockNumber: 11n, blockHash: "0xb" });
  });

  it("is given up at shutdown, so another instance takes it at once", async () => {
    await takeOrRenewLease(storage.db, scope("a", "release"));
    await releaseLease(storage.db, scope("b", "release"));
    expect(await takeOrRenewLease(storage.db, scope("b", "release"))).toBe(false);
    await releaseLease(storage.db, scope("a", "release"));
    expect(await takeOrRenewLease(storage.db, scope("b", "release"))).toBe(true);
  });
});

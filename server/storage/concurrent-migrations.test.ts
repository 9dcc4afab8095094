import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresServer, startPostgres } from "../../tests/support/postgres-server.ts";
import { openStorage } from "./database.ts";

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

describe("several server instances starting at once on a new PostgreSQL database", () => {
  it("all open it: the schema is migrated once, by one of them at a time", async () => {
    const opened = await Promise.allSettled(
      [1, 2, 3].map(() => openStorage({ databaseUrl: postgres.url, dataDir: "unused" })),
    );
    const storages = opened.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    try {
      expect(opened.map((result) => (result.status === "rejected" ? String(result.reason) : "opened"))).toEqual([
        "opened",
        "opened",
        "opened",
      ]);
      const [applied] = (await storages[0]?.rows<{ total: string; distinct: string }>(
        sql`select count(*) as total, count(distinct hash) as distinct from drizzle.__drizzle_migrations`,
      )) ?? [{ total: "0", distinct: "0" }];
      expect(Number(applied?.total)).toBeGreaterThan(0);
      expect(applied?.total).toBe(applied?.distinct);
      for (const storage of storages) expect(await storage.rows(sql`select * from indexer_leases`)).toEqual([]);
    } finally {
      await Promise.all(storages.map((storage) => storage.close()));
    }
  }, 60_000);
});

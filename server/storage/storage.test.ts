import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresServer, postgresAvailable, startPostgres } from "../../tests/support/postgres-server.ts";
import { openStorage, type Storage } from "./database.ts";
import { contactMessages, depositRequests } from "./schema.ts";

/** The same behaviour is required of embedded PGlite and of a real PostgreSQL server. */
const backends: Array<{
  name: string;
  open: () => Promise<{ storage: Storage; reopen: () => Promise<Storage>; cleanup: () => Promise<void> }>;
}> = [
  {
    name: "PGlite (embedded, data in a folder)",
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), "pglite-"));
      return {
        storage: await openStorage({ dataDir: dir }),
        reopen: () => openStorage({ dataDir: dir }),
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
];
let server: PostgresServer | undefined;
if (postgresAvailable) {
  backends.push({
    name: "PostgreSQL server (DATABASE_URL)",
    open: async () => {
      server = await startPostgres();
      const url = server.url;
      return {
        storage: await openStorage({ databaseUrl: url, dataDir: "unused" }),
        reopen: () => openStorage({ databaseUrl: url, dataDir: "unused" }),
        cleanup: async () => server?.stop(),
      };
    },
  });
} else {
  console.warn(
    "storage tests: no PostgreSQL server binaries here; running on PGlite only (.ci/run installs postgresql)",
  );
}

describe.each(backends)("storage on $name", ({ open }) => {
  let storage: Storage;
  let reopen: () => Promise<Storage>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, reopen, cleanup } = await open());
  }, 60_000);
  afterAll(async () => {
    await storage?.close();
    await cleanup?.();
  });

  it("applies the migrations and answers queries", async () => {
    expect(await storage.ping()).toBe(true);
    const tables = await storage.rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(["contact_messages", "deposit_requests", "validator_keys"]),
    );
  });

  it("keeps data across a restart, and migrating again changes nothing", async () => {
    await storage.db
      .insert(contactMessages)
      .values({ kind: "feedback", name: "Ada", message: "Daily rewards arrive on time." });
    await storage.close();
    storage = await reopen();
    const rows = await storage.db.select().from(contactMessages);
    expect(rows).toEqual([
      expect.objectContaining({ kind: "feedback", name: "Ada", message: "Daily rewards arrive on time." }),
    ]);
  });

  it("refuses a second deposit request with the same owner and idempotency key", async () => {
    const request = {
      owner: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      idempotencyKey: "k-1",
      network: "ethereum",
      environment: "devnet",
      credentialType: "0x01" as const,
      validatorCount: 2,
      amountGwei: 64_000_000_000n,
    };
    await storage.db.insert(depositRequests).values(request);
    await expect(storage.db.insert(depositRequests).values(request)).rejects.toThrow();
    const stored = await storage.db.select().from(depositRequests);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.amountGwei).toBe(64_000_000_000n);
  });
});

import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The typed query layer, the same whichever PostgreSQL runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Storage {
  readonly db: Database;
  /** "pglite" (embedded) or "postgres" (a server at DATABASE_URL). */
  readonly kind: "pglite" | "postgres";
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Rows of a raw SQL query (both drivers answer with { rows }). */
  rows<Row>(query: SQL): Promise<Row[]>;
  close(): Promise<void>;
}

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), "migrations");
/** The advisory lock key migrating instances take turns on (any constant; this one spells "stkm"). */
const MIGRATION_LOCK = 0x73746b6d;

/**
 * Opens the database and brings its schema up to date. With a DATABASE_URL it connects to that PostgreSQL
 * server; otherwise it runs PostgreSQL embedded (PGlite) with its files in dataDir, or in memory when
 * dataDir is "memory://".
 */
export async function openStorage(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Errors of idle connections (the server restarted, the network dropped); the pool reconnects on next use. */
  onConnectionError?: (error: Error) => void;
}): Promise<Storage> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener, an idle connection's error would crash the process.
    pool.on("error", (error) => options.onConnectionError?.(error));
    // Likewise a checked-out one's (the pool listens only while a connection is idle): the server can end a
    // session inside a transaction (idle_in_transaction_session_timeout, a restart); its next query then fails.
    pool.on("connect", (client) => client.on("error", (error) => options.onConnectionError?.(error)));
    const db = drizzleNodePg(pool, { schema });
    // Instances started together on a new database would each apply the same migrations and all but one fail:
    // they take turns (a session advisory lock, released with its connection whatever happens).
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrateNodePg(db, { migrationsFolder: MIGRATIONS });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
    return {
      db: db as unknown as Database,
      kind: "postgres",
      rows: async <Row>(query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows,
      ping: async () => (await pool.query("select 1")).rowCount === 1,
      close: () => pool.end(),
    };
  }
  if (options.dataDir !== "memory://") mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    rows: async <Row>(query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows,
    ping: async () => (await client.query("select 1")).rows.length === 1,
    close: () => client.close(),
  };
}

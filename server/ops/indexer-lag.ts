import { sql } from "drizzle-orm";
import type { UpstreamPool } from "../rpc/upstream-pool.ts";
import type { Storage } from "../storage/database.ts";
import type { UpstreamRegistry } from "./upstream-registry.ts";

/** One indexed environment's progress: the chain's head, the last block indexed, and the difference. */
export interface IndexerLag {
  readonly network: string;
  readonly environment: string;
  /** The chain's head block, or null when no upstream answered in time. */
  readonly headBlock: number | null;
  /** The last block the chain-log indexer fully processed (any instance). */
  readonly indexedBlock: number;
  readonly lagBlocks: number | null;
  /** When the indexer last moved its cursor (ISO 8601). */
  readonly indexedAt: string;
}

/** How long /ready and /metrics wait for a chain's head block. */
const HEAD_TIMEOUT_MS = 2_000;

/**
 * The lag of every environment the database has a chain-log cursor for, whichever instance indexes it: the
 * cursor is in the shared database and the head comes from the RPC proxy's upstreams.
 */
export async function readIndexerLag(storage: Storage, upstreams: UpstreamRegistry): Promise<IndexerLag[]> {
  const cursors = await storage.rows<{
    network: string;
    environment: string;
    block_number: string | number;
    updated_at: string | Date;
  }>(
    sql`select network, environment, min(block_number) as block_number, max(updated_at) as updated_at
        from indexer_cursors group by network, environment order by network, environment`,
  );
  return Promise.all(
    cursors.map(async (cursor) => {
      const indexedBlock = Number(cursor.block_number);
      const headBlock = await readHead(upstreams, cursor.network, cursor.environment);
      return {
        network: cursor.network,
        environment: cursor.environment,
        headBlock,
        indexedBlock,
        lagBlocks: headBlock === null ? null : Math.max(0, headBlock - indexedBlock),
        indexedAt: new Date(cursor.updated_at).toISOString(),
      };
    }),
  );
}

/** Heads read in the last second, per pool: /ready is public, so its callers cannot make upstream calls at will. */
const recentHeads = new WeakMap<UpstreamPool, { at: number; head: Promise<number | null> }>();
const HEAD_REUSE_MS = 1_000;

function readHead(upstreams: UpstreamRegistry, network: string, environment: string): Promise<number | null> {
  const pool = upstreams.find(network, environment);
  if (!pool) return Promise.resolve(null);
  const recent = recentHeads.get(pool);
  if (recent && Date.now() - recent.at < HEAD_REUSE_MS) return recent.head;
  const head = askHead(pool);
  recentHeads.set(pool, { at: Date.now(), head });
  return head;
}

async function askHead(pool: UpstreamPool): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), HEAD_TIMEOUT_MS);
  });
  const head = pool
    .send({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] })
    .then((answer) => {
      const result = (answer as { result?: unknown } | null)?.result;
      return typeof result === "string" ? Number.parseInt(result, 16) : null;
    })
    .catch(() => null);
  try {
    return await Promise.race([head, late]);
  } finally {
    clearTimeout(timer);
  }
}

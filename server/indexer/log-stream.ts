import { and, eq } from "drizzle-orm";
import type { Address, Log, PublicClient } from "viem";
import type { Storage } from "../storage/database.ts";
import { indexerCursors } from "../storage/schema.ts";
import type { Transaction } from "./indexer-lease.ts";

/** Where and how a stream of logs is indexed; each stream keeps its own cursor row. */
export interface LogStreamOptions {
  readonly network: string;
  readonly environment: string;
  /** The cursor's name in `indexer_cursors`, with network and environment its key. */
  readonly stream: string;
  /** The contracts whose logs the stream reads; none: nothing to do. */
  readonly addresses: readonly Address[];
  /** The first block worth reading (a contract's deploy block); 0 when not known. */
  readonly startBlock: bigint;
  readonly client: PublicClient;
  /** Blocks behind the head that are indexed: deeper reorganisations than this are not expected. */
  readonly confirmations: number;
  /** Blocks per getLogs call (and per database transaction). */
  readonly chunkSize: number;
  /** At most this many chunks a run (all when not given); the next run goes on from the cursor. */
  readonly maxChunks?: number;
  /** How far back to go when the last indexed block was replaced by a reorganisation. */
  readonly rewindBlocks: number;
  /** Run first in every transaction; throws (rolling it back) when this instance may no longer write. */
  readonly fence?: (tx: Transaction) => Promise<void>;
  /** Resolves what `apply` needs from the chain before the transaction, so it holds no network calls. */
  readonly prepare?: (logs: readonly Log<bigint, number, false>[]) => Promise<unknown>;
  /** Writes what one log means; replaying a log must change nothing. */
  readonly apply: (tx: Transaction, log: Log<bigint, number, false>) => Promise<void>;
  /** Removes every row this stream learned from blocks after `to`. */
  readonly rewindRows: (tx: Transaction, to: bigint) => Promise<void>;
}

/**
 * Indexes one stream's logs up to head - confirmations, a chunk at a time. Each chunk's rows and the stream's
 * cursor (last block and its hash) are written in one transaction, so a crash or restart resumes exactly where
 * the last chunk ended: no gap, no duplicate. When the cursor's block hash no longer matches the chain, the rows
 * of the replaced blocks are removed and indexing resumes from before them (never before `startBlock`).
 * Returns the last block indexed in this run and how many reorganisations were met.
 */
export async function indexLogStream(
  storage: Storage,
  options: LogStreamOptions,
): Promise<{ indexedTo: bigint | undefined; reorgs: number }> {
  const { client, network, environment, stream } = options;
  const where = and(
    eq(indexerCursors.network, network),
    eq(indexerCursors.environment, environment),
    eq(indexerCursors.stream, stream),
  );
  let [cursor] = await storage.db.select().from(indexerCursors).where(where);
  // cacheTime 0: viem would otherwise answer from its cache for a few seconds and the newest blocks would wait.
  const head = await client.getBlockNumber({ cacheTime: 0 });
  // A node behind the cursor (syncing, or a lagging upstream) cannot tell whether the indexed blocks were
  // replaced: nothing is rewound on its word, the pass reports it, and the next pass goes on once it caught up.
  // (Another chain is recognised before, by its genesis block: see checkIndexedChain.)
  if (cursor && cursor.blockNumber > head) throw new NodeBehindError(options, cursor.blockNumber, head);
  let reorgs = 0;
  if (cursor) {
    const block = await client.getBlock({ blockNumber: cursor.blockNumber });
    if (block.hash !== cursor.blockHash) {
      reorgs++;
      const rewindTo = cursor.blockNumber - BigInt(options.rewindBlocks);
      await rewind(storage, options, rewindTo < options.startBlock ? -1n : rewindTo);
      [cursor] = await storage.db.select().from(indexerCursors).where(where);
    }
  }
  const target = head - BigInt(options.confirmations);
  let next = cursor ? cursor.blockNumber + 1n : options.startBlock;
  let indexedTo: bigint | undefined;
  let chunks = 0;
  while (next <= target && options.addresses.length > 0 && chunks < (options.maxChunks ?? Number.POSITIVE_INFINITY)) {
    chunks++;
    const to = next + BigInt(options.chunkSize) - 1n < target ? next + BigInt(options.chunkSize) - 1n : target;
    const logs = await client.getLogs({ address: [...options.addresses], fromBlock: next, toBlock: to });
    const end = await client.getBlock({ blockNumber: to });
    await options.prepare?.(logs);
    await storage.db.transaction(async (tx) => {
      await options.fence?.(tx);
      for (const log of logs) await options.apply(tx, log);
      await tx
        .insert(indexerCursors)
        .values({ network, environment, stream, blockNumber: to, blockHash: end.hash as string })
        .onConflictDoUpdate({
          target: [indexerCursors.network, indexerCursors.environment, indexerCursors.stream],
          set: { blockNumber: to, blockHash: end.hash as string, updatedAt: new Date() },
        });
    });
    indexedTo = to;
    next = to + 1n;
  }
  return { indexedTo, reorgs };
}

/** A stream's cursor is past the head of the environment's node. */
export class NodeBehindError extends Error {
  override readonly name = "NodeBehindError";
  constructor(scope: Pick<LogStreamOptions, "network" | "environment" | "stream">, indexed: bigint, head: bigint) {
    super(
      `${scope.network}/${scope.environment}: the RPC node's head is block ${head}, behind block ${indexed} the "${scope.stream}" stream already indexed: nothing is rewound, and indexing goes on once the node has caught up`,
    );
  }
}

/** Removes the stream's rows of blocks after `to` and moves its cursor back to `to` (-1: removes the cursor). */
async function rewind(storage: Storage, options: LogStreamOptions, to: bigint): Promise<void> {
  const { network, environment, stream, client } = options;
  const anchor = to >= 0n ? await client.getBlock({ blockNumber: to }) : undefined;
  await storage.db.transaction(async (tx) => {
    await options.fence?.(tx);
    await options.rewindRows(tx, to);
    const where = and(
      eq(indexerCursors.network, network),
      eq(indexerCursors.environment, environment),
      eq(indexerCursors.stream, stream),
    );
    if (anchor)
      await tx
        .update(indexerCursors)
        .set({ blockNumber: to, blockHash: anchor.hash as string, updatedAt: new Date() })
        .where(where);
    else await tx.delete(indexerCursors).where(where);
  });
}

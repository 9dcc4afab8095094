import { and, eq, gt, inArray } from "drizzle-orm";
import type { Hex, PublicClient } from "viem";
import type { Contracts } from "../../src/generated/index.ts";
import { rewindSsv } from "../ssv/rewind-ssv.ts";
import type { Storage } from "../storage/database.ts";
import { executionRewards, indexerCursors, operations, validatorDailyRewards, validators } from "../storage/schema.ts";
import { applyLog } from "./chain-log-handlers.ts";
import type { Transaction } from "./indexer-lease.ts";

export interface LogIndexerOptions {
  readonly network: string;
  readonly environment: string;
  readonly contracts: Contracts;
  readonly client: PublicClient;
  /** Blocks behind the head that are indexed: deeper reorganisations than this are not expected. */
  readonly confirmations: number;
  /** Blocks per getLogs call (and per database transaction). */
  readonly chunkSize: number;
  /** How far back to go when the last indexed block was replaced by a reorganisation. */
  readonly rewindBlocks: number;
  /** Run first in every transaction; throws (rolling it back) when this instance may no longer write. */
  readonly fence?: (tx: Transaction) => Promise<void>;
}

/** The cursor stream of chain logs in `indexer_cursors`. */
export const LOG_STREAM = "logs";

/**
 * Indexes the environment's staking logs up to head - confirmations, a chunk at a time. Each chunk's rows and
 * the cursor (last block and its hash) are written in one transaction, so a crash or restart resumes exactly
 * where the last chunk ended: no gap, no duplicate. When the cursor's block hash no longer matches the chain,
 * the rows of the replaced blocks are removed and indexing resumes from before them.
 * Returns the last block indexed in this run and how many reorganisations were met.
 */
export async function indexChainLogs(
  storage: Storage,
  options: LogIndexerOptions,
): Promise<{ indexedTo: bigint | undefined; reorgs: number }> {
  const { client, network, environment } = options;
  const where = and(
    eq(indexerCursors.network, network),
    eq(indexerCursors.environment, environment),
    eq(indexerCursors.stream, LOG_STREAM),
  );
  let [cursor] = await storage.db.select().from(indexerCursors).where(where);
  let reorgs = 0;
  if (cursor) {
    const block = await client.getBlock({ blockNumber: cursor.blockNumber }).catch(() => undefined);
    if (block?.hash !== cursor.blockHash) {
      reorgs++;
      const rewindTo = cursor.blockNumber - BigInt(options.rewindBlocks);
      await rewind(storage, options, rewindTo < 0n ? -1n : rewindTo);
      [cursor] = await storage.db.select().from(indexerCursors).where(where);
    }
  }
  // cacheTime 0: viem would otherwise answer from its cache for a few seconds and the newest blocks would wait.
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const target = head - BigInt(options.confirmations);
  let next = cursor ? cursor.blockNumber + 1n : 0n;
  const addresses = [
    options.contracts.deposit,
    options.contracts.ethStaking,
    options.contracts.claim,
    options.contracts.withdrawal,
    options.contracts.consolidation,
    options.contracts.ssvNetwork,
  ].filter((address): address is `0x${string}` => address !== undefined);
  const senders = new Map<string, Promise<Hex>>();
  const times = new Map<bigint, Promise<Date>>();
  const context = {
    network,
    environment,
    sender: (hash: Hex) => {
      if (!senders.has(hash))
        senders.set(
          hash,
          client.getTransaction({ hash }).then((transaction) => transaction.from),
        );
      return senders.get(hash) as Promise<Hex>;
    },
    time: (blockNumber: bigint) => {
      if (!times.has(blockNumber))
        times.set(
          blockNumber,
          client.getBlock({ blockNumber }).then((block) => new Date(Number(block.timestamp) * 1000)),
        );
      return times.get(blockNumber) as Promise<Date>;
    },
  };
  let indexedTo: bigint | undefined;
  while (next <= target && addresses.length > 0) {
    const to = next + BigInt(options.chunkSize) - 1n < target ? next + BigInt(options.chunkSize) - 1n : target;
    const logs = await client.getLogs({ address: addresses, fromBlock: next, toBlock: to });
    const end = await client.getBlock({ blockNumber: to });
    // Resolve what handlers need before the transaction, so it holds no network calls (SSV handlers need none).
    const ssvNetwork = options.contracts.ssvNetwork?.toLowerCase();
    await Promise.all(
      logs
        .filter((log) => log.address.toLowerCase() !== ssvNetwork)
        .map(async (log) =>
          Promise.all([context.time(log.blockNumber as bigint), context.sender(log.transactionHash as Hex)]),
        ),
    );
    await storage.db.transaction(async (tx) => {
      await options.fence?.(tx);
      for (const log of logs) await applyLog(tx, log, options.contracts, context);
      await tx
        .insert(indexerCursors)
        .values({ network, environment, stream: LOG_STREAM, blockNumber: to, blockHash: end.hash as string })
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

/** Removes every row learned from blocks after `to` and moves the cursor back to `to`. */
async function rewind(storage: Storage, options: LogIndexerOptions, to: bigint): Promise<void> {
  const { network, environment, client } = options;
  const anchor = to >= 0n ? await client.getBlock({ blockNumber: to }) : undefined;
  await storage.db.transaction(async (tx) => {
    await options.fence?.(tx);
    await tx
      .delete(operations)
      .where(
        and(eq(operations.network, network), eq(operations.environment, environment), gt(operations.blockNumber, to)),
      );
    await tx
      .delete(executionRewards)
      .where(
        and(
          eq(executionRewards.network, network),
          eq(executionRewards.environment, environment),
          gt(executionRewards.blockNumber, to),
        ),
      );
    const replaced = await tx
      .select({ id: validators.id })
      .from(validators)
      .where(
        and(eq(validators.network, network), eq(validators.environment, environment), gt(validators.depositBlock, to)),
      );
    const ids = replaced.map((row) => row.id);
    if (ids.length > 0) {
      await tx.delete(validatorDailyRewards).where(inArray(validatorDailyRewards.validatorId, ids));
      await tx.delete(validators).where(inArray(validators.id, ids));
    }
    await rewindSsv(tx, { network, environment }, to);
    const where = and(
      eq(indexerCursors.network, network),
      eq(indexerCursors.environment, environment),
      eq(indexerCursors.stream, LOG_STREAM),
    );
    if (anchor)
      await tx
        .update(indexerCursors)
        .set({ blockNumber: to, blockHash: anchor.hash as string, updatedAt: new Date() })
        .where(where);
    else await tx.delete(indexerCursors).where(where);
  });
}

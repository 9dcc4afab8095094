import { and, eq, gt, inArray } from "drizzle-orm";
import type { PublicClient } from "viem";
import type { Contracts } from "../../src/generated/index.ts";
import type { Storage } from "../storage/database.ts";
import {
  executionRewards,
  operations,
  validatorDailyRewards,
  validatorDeposits,
  validators,
  validatorWithdrawals,
} from "../storage/schema.ts";
import { applyLog } from "./chain-log-handlers.ts";
import { rewindDepositRecords } from "./deposit-attribution.ts";
import type { Transaction } from "./indexer-lease.ts";
import { indexLogStream } from "./log-stream.ts";

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
 * Indexes the environment's staking logs (deposits, stakes, rewards, claims, exit and consolidation requests)
 * up to head - confirmations in the "logs" stream (see indexLogStream). The SSV network's logs have a stream of
 * their own (indexSsvLogs), so an SSV network configured later is read from its own start block.
 * Returns the last block indexed in this run and how many reorganisations were met.
 */
export async function indexChainLogs(
  storage: Storage,
  options: LogIndexerOptions,
): Promise<{ indexedTo: bigint | undefined; reorgs: number }> {
  const { client, network, environment, contracts } = options;
  const addresses = [
    contracts.deposit,
    contracts.ethStaking,
    contracts.claim,
    contracts.withdrawal,
    contracts.consolidation,
  ].filter((address): address is `0x${string}` => address !== undefined);
  const times = new Map<bigint, Promise<Date>>();
  const context = {
    network,
    environment,
    time: (blockNumber: bigint) => {
      if (!times.has(blockNumber))
        times.set(
          blockNumber,
          client.getBlock({ blockNumber }).then((block) => new Date(Number(block.timestamp) * 1000)),
        );
      return times.get(blockNumber) as Promise<Date>;
    },
  };
  return indexLogStream(storage, {
    ...options,
    stream: LOG_STREAM,
    addresses,
    startBlock: 0n,
    prepare: (logs) => Promise.all(logs.map((log) => context.time(log.blockNumber as bigint))),
    apply: (tx, log) => applyLog(tx, log, contracts, context),
    rewindRows: (tx, to) => rewindStakingRows(tx, { network, environment }, to),
  });
}

/** Removes the staking rows learned from blocks after `to`: operations, execution rewards, deposits and
 * withdrawals, validators, deposit records. */
async function rewindStakingRows(
  tx: Transaction,
  { network, environment }: { readonly network: string; readonly environment: string },
  to: bigint,
): Promise<void> {
  await tx
    .delete(operations)
    .where(
      and(eq(operations.network, network), eq(operations.environment, environment), gt(operations.blockNumber, to)),
    );
  await rewindDepositRecords(tx, { network, environment }, to);
  await tx
    .delete(executionRewards)
    .where(
      and(
        eq(executionRewards.network, network),
        eq(executionRewards.environment, environment),
        gt(executionRewards.blockNumber, to),
      ),
    );
  await tx
    .delete(validatorDeposits)
    .where(
      and(
        eq(validatorDeposits.network, network),
        eq(validatorDeposits.environment, environment),
        gt(validatorDeposits.blockNumber, to),
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
    await tx.delete(validatorWithdrawals).where(inArray(validatorWithdrawals.validatorId, ids));
    await tx.delete(validators).where(inArray(validators.id, ids));
  }
}

import type { Address, PublicClient } from "viem";
import type { Transaction } from "../indexer/indexer-lease.ts";
import { indexLogStream } from "../indexer/log-stream.ts";
import type { Storage } from "../storage/database.ts";
import { applySsvLog } from "./apply-ssv-log.ts";
import { rewindSsv } from "./rewind-ssv.ts";

/** The SSV network's cursor stream in `indexer_cursors`. */
export const SSV_STREAM = "ssv";

/**
 * Chunks an indexer pass reads of the SSV stream at most (50 × 2,000 blocks): a back-fill over millions of
 * blocks goes on over several passes instead of holding up the rest of the environment's pass for an hour.
 */
export const SSV_CHUNKS_PER_PASS = 50;

export interface SsvLogIndexerOptions {
  readonly network: string;
  readonly environment: string;
  /** The environment's SSVNetwork contract. */
  readonly ssvNetwork: Address;
  /** The block it was deployed in (the environment's ssv.startBlock): nothing before it is read. */
  readonly startBlock: bigint;
  readonly client: PublicClient;
  readonly confirmations: number;
  readonly chunkSize: number;
  readonly rewindBlocks: number;
  /** Chunks read at most in this run (SSV_CHUNKS_PER_PASS when not given). */
  readonly maxChunks?: number;
  /** Run first in every transaction; throws (rolling it back) when this instance may no longer write. */
  readonly fence?: (tx: Transaction) => Promise<void>;
}

/**
 * Indexes the SSV network's events (operators, fees, validators, cluster states) in a cursor stream of its own,
 * from its start block: an environment that gets an SSV network after its staking logs were indexed past the
 * deploy block still reads every SSV event, at most SSV_CHUNKS_PER_PASS chunks a run. Reorganisations take back
 * the SSV rows of the replaced blocks.
 */
export function indexSsvLogs(
  storage: Storage,
  options: SsvLogIndexerOptions,
): Promise<{ indexedTo: bigint | undefined; reorgs: number }> {
  const scope = { network: options.network, environment: options.environment };
  return indexLogStream(storage, {
    ...options,
    stream: SSV_STREAM,
    addresses: [options.ssvNetwork],
    maxChunks: options.maxChunks ?? SSV_CHUNKS_PER_PASS,
    apply: (tx, log) => applySsvLog(tx, log, scope),
    rewindRows: (tx, to) => rewindSsv(tx, scope, to),
  });
}

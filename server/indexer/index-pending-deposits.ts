import { and, eq } from "drizzle-orm";
import type { Address, PublicClient } from "viem";
import { depositContractAbi } from "../../contracts/generated/index.ts";
import type { Storage } from "../storage/database.ts";
import { indexerCursors, pendingDeposits } from "../storage/schema.ts";
import { LOG_STREAM } from "./index-chain-logs.ts";
import type { Transaction } from "./indexer-lease.ts";

export interface PendingDepositOptions {
  readonly network: string;
  readonly environment: string;
  readonly client: PublicClient;
  /** The environment's deposit contract. */
  readonly depositContract: Address;
  /** Run first in the transaction; throws (rolling it back) when this instance may no longer write. */
  readonly fence?: (tx: Transaction) => Promise<void>;
}

/**
 * Records the deposits in the blocks the confirmed pass has not reached yet (after its cursor, up to the head:
 * at most INDEXER_CONFIRMATIONS blocks plus those mined since), replacing the environment's previous record in
 * one transaction. What a reorganisation took away is simply not read again, and a deposit the confirmed pass
 * has indexed is no longer after the cursor. Returns how many deposits are pending.
 */
export async function indexPendingDeposits(storage: Storage, options: PendingDepositOptions): Promise<number> {
  const { client, network, environment } = options;
  const scope = and(eq(pendingDeposits.network, network), eq(pendingDeposits.environment, environment));
  const [cursor] = await storage.db
    .select({ blockNumber: indexerCursors.blockNumber })
    .from(indexerCursors)
    .where(
      and(
        eq(indexerCursors.network, network),
        eq(indexerCursors.environment, environment),
        eq(indexerCursors.stream, LOG_STREAM),
      ),
    );
  const from = cursor ? cursor.blockNumber + 1n : 0n;
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const events =
    from > head
      ? []
      : await client.getContractEvents({
          address: options.depositContract,
          abi: depositContractAbi,
          eventName: "DepositEvent",
          fromBlock: from,
          toBlock: head,
        });
  const rows = events.map((event) => ({
    network,
    environment,
    pubkey: (event.args.pubkey as string).slice(2).toLowerCase(),
    txHash: event.transactionHash,
    logIndex: event.logIndex,
    blockNumber: event.blockNumber,
  }));
  await storage.db.transaction(async (tx) => {
    await options.fence?.(tx);
    await tx.delete(pendingDeposits).where(scope);
    if (rows.length > 0) await tx.insert(pendingDeposits).values(rows).onConflictDoNothing();
  });
  return rows.length;
}

import { and, eq, sql } from "drizzle-orm";
import type { Address, PublicClient } from "viem";
import { rewardsClaimAbi } from "../../contracts/generated/index.ts";
import type { Transaction } from "../indexer/indexer-lease.ts";
import type { Storage } from "../storage/database.ts";
import {
  distributorBlocks,
  distributorCursors,
  distributorOwed,
  validatorKeys,
  validators,
} from "../storage/schema.ts";
import type { BeaconBlocks } from "./beacon-blocks.ts";
import { type BlockValue, readBlockValue } from "./block-value.ts";

export interface AttributionScope {
  readonly network: string;
  readonly environment: string;
  readonly client: PublicClient;
  readonly beacon: BeaconBlocks;
  /** The environment's RewardsClaim: every provider validator's fee recipient. */
  readonly feeRecipient: Address;
  /** staking.executionCommission in basis points (10 % = 1000). */
  readonly commissionBps: bigint;
  /** Blocks read per database transaction. */
  readonly chunkBlocks?: number;
  /** Lets a transaction commit only while this instance holds the environment's lease. */
  readonly fence?: (tx: Transaction) => Promise<void>;
}

/** A block whose fee recipient balance change disagrees with its value. */
export type Mismatch = Pick<BlockValue, "number" | "hash" | "mismatch">;

interface Attributed extends BlockValue {
  readonly slot: bigint;
  readonly proposerIndex: number;
  readonly owner: string | null;
  readonly ownerWei: bigint;
}

/**
 * Walks the finalized execution blocks after the cursor; each one a provider validator proposed (the beacon block
 * at its slot names it as proposer and carries its hash) is valued and its owner's share after commission added
 * to what that owner is owed. The cursor moves in the same transaction as the records, so a restart neither
 * loses nor repeats a block; only finalized blocks are read, so no reorganisation takes one back. The first pass
 * starts the cursor at the chain's head: blocks from before the distributor ran are not distributed.
 */
export async function attributeFinalizedBlocks(
  storage: Storage,
  scope: AttributionScope,
): Promise<{ attributed: number; mismatches: Mismatch[] }> {
  const { network, environment, client } = scope;
  const where = and(eq(distributorCursors.network, network), eq(distributorCursors.environment, environment));
  const [cursor] = await storage.db.select().from(distributorCursors).where(where);
  if (!cursor) {
    const head = (await client.getBlock()).number;
    await storage.db.transaction(async (tx) => {
      await scope.fence?.(tx);
      await tx.insert(distributorCursors).values({ network, environment, lastBlock: head }).onConflictDoNothing();
    });
    return { attributed: 0, mismatches: [] };
  }
  const finalUntil = await scope.beacon.finalizedUntil();
  const latest = (await client.getBlock()).number;
  const mismatches: Mismatch[] = [];
  let attributed = 0;
  let next = cursor.lastBlock + 1n;
  while (next <= latest) {
    const end =
      next + BigInt(scope.chunkBlocks ?? 200) - 1n < latest ? next + BigInt(scope.chunkBlocks ?? 200) - 1n : latest;
    const received = await client.getContractEvents({
      address: scope.feeRecipient,
      abi: rewardsClaimAbi,
      eventName: "Received",
      fromBlock: next,
      toBlock: end,
    });
    const withTransfers = new Set(received.map((log) => log.blockNumber));
    const records: Attributed[] = [];
    let last = next - 1n;
    let reachedUnfinal = false;
    for (let number = next; number <= end; number++) {
      const header = await client.getBlock({ blockNumber: number });
      if (header.timestamp >= finalUntil) {
        reachedUnfinal = true;
        break;
      }
      last = number;
      const paid = header.miner.toLowerCase() === scope.feeRecipient.toLowerCase() || withTransfers.has(number);
      if (!paid) continue;
      const record = await attribute(storage, scope, number, header.timestamp, header.hash);
      if (!record) continue;
      records.push(record);
      attributed++;
      if (record.mismatch !== 0n) mismatches.push(record);
    }
    if (last >= next) await record(storage, scope, records, last);
    if (reachedUnfinal) break;
    next = last + 1n;
  }
  return { attributed, mismatches };
}

async function attribute(
  storage: Storage,
  scope: AttributionScope,
  number: bigint,
  timestamp: bigint,
  hash: string,
): Promise<Attributed | undefined> {
  const slot = await scope.beacon.slotAt(timestamp);
  const beaconBlock = await scope.beacon.blockAt(slot);
  // Not the block the beacon chain has at that slot (e.g. a plain transfer in some other block): not a proposal.
  if (!beaconBlock || beaconBlock.blockHash !== hash.toLowerCase()) return undefined;
  const [proposer] = await storage.db
    .select({ owner: validators.owner })
    .from(validators)
    .innerJoin(validatorKeys, eq(validatorKeys.pubkey, validators.pubkey))
    .where(
      and(
        eq(validators.network, scope.network),
        eq(validators.environment, scope.environment),
        eq(validators.validatorIndex, beaconBlock.proposerIndex),
      ),
    )
    .limit(1);
  const value = await readBlockValue(scope.client, number, scope.feeRecipient);
  const owner = proposer?.owner.toLowerCase() ?? null;
  const total = value.priorityFees + value.transfers;
  return {
    ...value,
    slot,
    proposerIndex: beaconBlock.proposerIndex,
    owner,
    ownerWei: owner ? (total * (10_000n - scope.commissionBps)) / 10_000n : 0n,
  };
}

async function record(storage: Storage, scope: AttributionScope, records: readonly Attributed[], last: bigint) {
  const { network, environment } = scope;
  await storage.db.transaction(async (tx) => {
    await scope.fence?.(tx);
    for (const block of records) {
      const inserted = await tx
        .insert(distributorBlocks)
        .values({
          network,
          environment,
          blockNumber: block.number,
          blockHash: block.hash,
          slot: block.slot,
          proposerIndex: BigInt(block.proposerIndex),
          owner: block.owner,
          priorityFeesWei: String(block.priorityFees),
          transfersWei: String(block.transfers),
          ownerWei: String(block.ownerWei),
          balanceMismatchWei: String(block.mismatch),
        })
        .onConflictDoNothing()
        .returning({ number: distributorBlocks.blockNumber });
      if (inserted.length === 0 || !block.owner || block.ownerWei === 0n) continue;
      await tx
        .insert(distributorOwed)
        .values({ network, environment, owner: block.owner, amountWei: String(block.ownerWei) })
        .onConflictDoUpdate({
          target: [distributorOwed.network, distributorOwed.environment, distributorOwed.owner],
          set: { amountWei: sql`${distributorOwed.amountWei} + ${String(block.ownerWei)}::numeric` },
        });
    }
    await tx
      .update(distributorCursors)
      .set({ lastBlock: last })
      .where(and(eq(distributorCursors.network, network), eq(distributorCursors.environment, environment)));
  });
}

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import {
  type Address,
  encodeFunctionData,
  type Hash,
  type Hex,
  keccak256,
  type PrivateKeyAccount,
  type PublicClient,
  WaitForTransactionReceiptTimeoutError,
} from "viem";
import { writeSafeBatchFile } from "../../contracts/deploy/safe-batch-file.ts";
import { rewardsClaimAbi } from "../../contracts/generated/index.ts";
import type { Transaction } from "../indexer/indexer-lease.ts";
import type { Storage } from "../storage/database.ts";
import { distributorAllocations, distributorOwed } from "../storage/schema.ts";
import { describeReadError, readReceipt } from "./read-receipt.ts";

export interface AllocationScope {
  readonly network: string;
  readonly environment: string;
  readonly client: PublicClient;
  readonly chainId: number;
  readonly rewardsClaim: Address;
  /** "send": sign with `account` (RewardsClaim's owner); "safe": write a Safe batch file into `safeDir`. */
  readonly mode: "send" | "safe";
  readonly account?: PrivateKeyAccount;
  readonly safeDir?: string;
  /** Owners per allocateMany batch. */
  readonly batchOwners?: number;
  readonly receiptTimeoutMs?: number;
  readonly fence?: (tx: Transaction) => Promise<void>;
  /** Called after each step of a batch's transaction: recorded ("signed") and broadcast (tests stop the job there). */
  readonly onStep?: (step: "signed" | "broadcast", hash: Hash) => Promise<void>;
}

export type AllocationOutcome =
  | { readonly kind: "idle" }
  | { readonly kind: "confirmed"; readonly hash: Hash; readonly owners: readonly string[] }
  | { readonly kind: "failed"; readonly reason: string }
  /** Sent, not settled yet; `unreadable` says why a node read failed (nothing is decided on a failed read). */
  | { readonly kind: "pending"; readonly hash: Hash; readonly unreadable?: string }
  | { readonly kind: "written"; readonly file: string }
  | { readonly kind: "cannot-pay"; readonly balance: bigint; readonly need: bigint; readonly operator: Address };

type Allocation = typeof distributorAllocations.$inferSelect;

/**
 * Moves what owners are owed onto RewardsClaim with allocateMany, one batch at a time, exactly once: the batch's
 * amounts leave distributor_owed in the transaction that records the batch, and its signed transaction (hash,
 * nonce, raw bytes) is recorded before it is broadcast. A restart finds that record and re-broadcasts the same
 * signed transaction (one nonce: mined at most once) or reads its receipt; a reverted batch, or one whose nonce
 * another transaction used in a finalized block, returns its amounts to owed. A failed read decides nothing. With mode "safe" the batch becomes a Safe Transaction Builder file instead.
 */
export async function allocateOwed(storage: Storage, scope: AllocationScope): Promise<AllocationOutcome> {
  const open = await openAllocation(storage, scope);
  const allocation = open ?? (await prepareBatch(storage, scope));
  if (!allocation) return { kind: "idle" };
  if (scope.mode === "safe") return writeBatch(storage, scope, allocation);
  if (allocation.state === "prepared") {
    const signed = await sign(storage, scope, allocation);
    if (signed.kind !== "pending") return signed;
    return settle(storage, scope, { ...allocation, ...signed.record });
  }
  return settle(storage, scope, allocation);
}

const scoped = (scope: AllocationScope) =>
  and(eq(distributorAllocations.network, scope.network), eq(distributorAllocations.environment, scope.environment));

async function openAllocation(storage: Storage, scope: AllocationScope): Promise<Allocation | undefined> {
  const [row] = await storage.db
    .select()
    .from(distributorAllocations)
    .where(and(scoped(scope), inArray(distributorAllocations.state, ["prepared", "signed"])))
    .orderBy(asc(distributorAllocations.id))
    .limit(1);
  return row;
}

async function prepareBatch(storage: Storage, scope: AllocationScope): Promise<Allocation | undefined> {
  return storage.db.transaction(async (tx) => {
    await scope.fence?.(tx);
    const owed = await tx
      .select()
      .from(distributorOwed)
      .where(
        and(
          eq(distributorOwed.network, scope.network),
          eq(distributorOwed.environment, scope.environment),
          gt(distributorOwed.amountWei, "0"),
        ),
      )
      .orderBy(asc(distributorOwed.owner))
      .limit(scope.batchOwners ?? 100);
    if (owed.length === 0) return undefined;
    await tx.delete(distributorOwed).where(
      and(
        eq(distributorOwed.network, scope.network),
        eq(distributorOwed.environment, scope.environment),
        inArray(
          distributorOwed.owner,
          owed.map((row) => row.owner),
        ),
      ),
    );
    const [row] = await tx
      .insert(distributorAllocations)
      .values({
        network: scope.network,
        environment: scope.environment,
        state: "prepared",
        owners: owed.map((row) => row.owner),
        amounts: owed.map((row) => row.amountWei),
      })
      .returning();
    return row;
  });
}

function calldata(allocation: Allocation): Hex {
  return encodeFunctionData({
    abi: rewardsClaimAbi,
    functionName: "allocateMany",
    args: [allocation.owners as Address[], allocation.amounts.map(BigInt)],
  });
}

async function writeBatch(
  storage: Storage,
  scope: AllocationScope,
  allocation: Allocation,
): Promise<AllocationOutcome> {
  const dir = scope.safeDir ?? ".data/safe-batches";
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `allocate-${scope.network}-${scope.environment}-${allocation.id}.json`);
  const safe = await scope.client.readContract({
    address: scope.rewardsClaim,
    abi: rewardsClaimAbi,
    functionName: "owner",
  });
  const total = allocation.amounts.reduce((sum, amount) => sum + BigInt(amount), 0n);
  writeSafeBatchFile(file, {
    chainId: scope.chainId,
    name: `Allocate execution-layer rewards (batch ${allocation.id}, ${scope.network} ${scope.environment})`,
    description: `RewardsClaim.allocateMany of ${total} wei to ${allocation.owners.length} owner(s), after commission.`,
    safe,
    transactions: [{ to: scope.rewardsClaim, value: "0", data: calldata(allocation) }],
  });
  await storage.db
    .update(distributorAllocations)
    .set({ state: "written", safeFile: file })
    .where(eq(distributorAllocations.id, allocation.id));
  return { kind: "written", file };
}

async function sign(storage: Storage, scope: AllocationScope, allocation: Allocation) {
  const account = scope.account;
  if (!account) throw new Error("the distributor has no operator key to sign with");
  const owner = await scope.client.readContract({
    address: scope.rewardsClaim,
    abi: rewardsClaimAbi,
    functionName: "owner",
  });
  if (owner.toLowerCase() !== account.address.toLowerCase()) {
    throw new Error(
      `the distributor's key (account ${account.address}) does not own RewardsClaim ${scope.rewardsClaim} (its owner is ${owner}): set DISTRIBUTOR_KEY_* to the owner's key, or DISTRIBUTOR_MODE=safe when a Safe owns it`,
    );
  }
  const data = calldata(allocation);
  const gas = await scope.client.estimateGas({ account: account.address, to: scope.rewardsClaim, data });
  const fees = await scope.client.estimateFeesPerGas();
  const need = gas * fees.maxFeePerGas;
  const balance = await scope.client.getBalance({ address: account.address });
  if (balance < need) return { kind: "cannot-pay" as const, balance, need, operator: account.address };
  const nonce = await scope.client.getTransactionCount({ address: account.address, blockTag: "pending" });
  const raw = await account.signTransaction({
    chainId: scope.chainId,
    type: "eip1559",
    to: scope.rewardsClaim,
    data,
    gas,
    nonce,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
  const record = { state: "signed" as const, nonce, txHash: keccak256(raw), rawTx: raw };
  await storage.db.update(distributorAllocations).set(record).where(eq(distributorAllocations.id, allocation.id));
  await scope.onStep?.("signed", record.txHash);
  return { kind: "pending" as const, hash: record.txHash, record };
}

/**
 * Settles a signed batch: confirmed when its receipt says it succeeded; failed (its amounts owed again) when it
 * reverted, or when a node answered that the transaction does not exist while the operator's nonce it was signed
 * with is already used in a finalized block (another transaction took it); otherwise (re)broadcast and waited
 * for. A read that fails says nothing: the batch stays pending, and is never given up on a guess.
 */
async function settle(storage: Storage, scope: AllocationScope, allocation: Allocation): Promise<AllocationOutcome> {
  const hash = allocation.txHash as Hash;
  const account = scope.account;
  if (!account || allocation.nonce === null) throw new Error(`allocation batch ${allocation.id} has no signer`);
  const nonce = allocation.nonce;
  const pending = (reason?: string) => stillPending(storage, allocation, hash, reason);
  // The finalized nonce is read before the receipt: had the batch been mined in a finalized block by then, the
  // receipt read after it finds it.
  let finalized: number;
  try {
    finalized = await scope.client.getTransactionCount({ address: account.address, blockTag: "finalized" });
  } catch (error) {
    return pending(`reading the operator's finalized nonce: ${describeReadError(error)}`);
  }
  let read = await readReceipt(scope.client, hash);
  if (read.kind === "unreadable") return pending(`reading the receipt of ${hash}: ${read.reason}`);
  if (read.kind === "absent") {
    if (finalized > nonce)
      return fail(storage, scope, allocation, `nonce ${nonce} was used by another transaction, now finalized`);
    let latest: number;
    try {
      latest = await scope.client.getTransactionCount({ address: account.address, blockTag: "latest" });
    } catch (error) {
      return pending(`reading the operator's nonce: ${describeReadError(error)}`);
    }
    // Used, not yet final: this batch mined just now, or another transaction that a reorganisation may undo.
    if (latest > nonce) return pending();
    await scope.client.sendRawTransaction({ serializedTransaction: allocation.rawTx as Hex }).catch((error: Error) => {
      // Already in the node's pool (sent before a restart): the receipt below answers.
      if (!/already known|known transaction|already imported/i.test(error.message)) throw error;
    });
    await scope.onStep?.("broadcast", hash);
    try {
      read = {
        kind: "found",
        receipt: await scope.client.waitForTransactionReceipt({ hash, timeout: scope.receiptTimeoutMs ?? 60_000 }),
      };
    } catch (error) {
      const timedOut = error instanceof WaitForTransactionReceiptTimeoutError;
      return pending(timedOut ? undefined : `waiting for the receipt of ${hash}: ${describeReadError(error)}`);
    }
  }
  if (read.receipt.status !== "success") return fail(storage, scope, allocation, `allocateMany ${hash} reverted`);
  await storage.db
    .update(distributorAllocations)
    .set({ state: "confirmed", lastError: null })
    .where(eq(distributorAllocations.id, allocation.id));
  return { kind: "confirmed", hash, owners: allocation.owners };
}

/** A batch left signed for the next pass; a failed read is kept on it (lastError) and reported. */
async function stillPending(
  storage: Storage,
  allocation: Allocation,
  hash: Hash,
  unreadable: string | undefined,
): Promise<AllocationOutcome> {
  if (unreadable !== undefined) {
    await storage.db
      .update(distributorAllocations)
      .set({ lastError: unreadable })
      .where(eq(distributorAllocations.id, allocation.id));
    return { kind: "pending", hash, unreadable };
  }
  return { kind: "pending", hash };
}

/** Marks a batch failed and gives its amounts back to owed, for the next batch. */
async function fail(storage: Storage, scope: AllocationScope, allocation: Allocation, reason: string) {
  await storage.db.transaction(async (tx) => {
    await scope.fence?.(tx);
    await tx
      .update(distributorAllocations)
      .set({ state: "failed", lastError: reason })
      .where(eq(distributorAllocations.id, allocation.id));
    for (const [index, owner] of allocation.owners.entries()) {
      const amount = allocation.amounts[index] ?? "0";
      await tx
        .insert(distributorOwed)
        .values({ network: scope.network, environment: scope.environment, owner, amountWei: amount })
        .onConflictDoUpdate({
          target: [distributorOwed.network, distributorOwed.environment, distributorOwed.owner],
          set: { amountWei: sql`${distributorOwed.amountWei} + ${amount}::numeric` },
        });
    }
  });
  return { kind: "failed" as const, reason };
}

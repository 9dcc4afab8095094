import type { Address, Hex } from "viem";
import type { Config } from "wagmi";
import { getTransaction, getTransactionCount, getTransactionReceipt, waitForTransactionReceipt } from "wagmi/actions";
import { type PendingTransaction, pendingTransactions } from "./pending-transactions.ts";
import {
  TransactionDroppedError,
  TransactionFailedError,
  TransactionReplacedError,
  TransactionSendError,
} from "./transaction-errors.ts";

export interface WaitOptions {
  /** Give up waiting after this long and check whether the transaction was dropped (default 10 minutes). */
  readonly timeoutMs?: number;
  /** How often to check whether another transaction took the nonce (default 2 s). */
  readonly pollMs?: number;
  /** Called when the wallet sped the transaction up (same intent, new hash). */
  readonly onRepriced?: (entry: PendingTransaction) => void;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Waits until a pending transaction is mined. Resolves with the final entry when it succeeded; throws
 * TransactionFailedError (reverted), TransactionReplacedError (another transaction took its nonce) or
 * TransactionDroppedError (gone, nonce unused). A repriced transaction is followed under its new hash.
 * viem follows the receipt and reports replacements it sees; a watcher on the account's nonce catches a
 * replacement viem could not see (the original never reached the node this page reads from).
 */
export async function waitForPendingTransaction(
  config: Config,
  entry: PendingTransaction,
  options: WaitOptions = {},
): Promise<PendingTransaction> {
  let current = entry;
  const stop = new AbortController();
  const nonce = entry.details.nonce === undefined ? undefined : Number(entry.details.nonce);
  const receiptOf = (hash: Hex) =>
    getTransactionReceipt(config, { chainId: entry.chainId, hash }).catch(() => undefined);

  const watchNonce = async (): Promise<never> => {
    while (!stop.signal.aborted && nonce !== undefined) {
      await pause(options.pollMs ?? 2_000, stop.signal);
      if (stop.signal.aborted) break;
      const used = await getTransactionCount(config, {
        chainId: entry.chainId,
        address: entry.from as Address,
        blockTag: "latest",
      }).catch(() => undefined);
      if (used === undefined || used <= nonce) continue;
      // The nonce is taken: either by ours (its receipt exists) or by another transaction.
      if (await receiptOf(current.hash)) continue;
      const stored = pendingTransactions.get(current.hash);
      throw new TransactionReplacedError(current.hash, stored?.replacement ?? "");
    }
    return new Promise<never>(() => undefined);
  };

  const follow = async (): Promise<PendingTransaction> => {
    const receipt = await waitForTransactionReceipt(config, {
      chainId: entry.chainId,
      hash: entry.hash,
      timeout: options.timeoutMs ?? 600_000,
      onReplaced: (replacement) => {
        const newHash = replacement.transaction.hash;
        if (replacement.reason === "repriced") {
          pendingTransactions.remove(current.hash);
          current = pendingTransactions.add({ ...current, hash: newHash });
          options.onRepriced?.(current);
        } else {
          pendingTransactions.update(current.hash, { status: "replaced", replacement: newHash });
        }
      },
    });
    if (receipt.transactionHash !== current.hash && pendingTransactions.get(current.hash)?.status === "replaced") {
      throw new TransactionReplacedError(current.hash, receipt.transactionHash);
    }
    if (receipt.status !== "success") {
      pendingTransactions.update(current.hash, { status: "failed" });
      throw new TransactionFailedError(current.hash);
    }
    pendingTransactions.update(current.hash, { status: "confirmed" });
    return { ...current, status: "confirmed" };
  };

  try {
    return await Promise.race([follow(), watchNonce()]);
  } catch (error) {
    if (error instanceof TransactionReplacedError) {
      pendingTransactions.update(current.hash, { status: "replaced" });
      throw error;
    }
    if (error instanceof TransactionFailedError) throw error;
    const stored = pendingTransactions.get(current.hash);
    if (stored?.status === "replaced" && stored.replacement)
      throw new TransactionReplacedError(current.hash, stored.replacement);
    if (await isDropped(config, current)) {
      pendingTransactions.update(current.hash, { status: "dropped" });
      throw new TransactionDroppedError(current.hash);
    }
    throw new TransactionSendError(error);
  } finally {
    stop.abort();
  }
}

/** Dropped: the node no longer knows the transaction and the account has not used its nonce. */
async function isDropped(config: Config, entry: PendingTransaction): Promise<boolean> {
  const known = await getTransaction(config, { chainId: entry.chainId, hash: entry.hash }).then(
    () => true,
    () => false,
  );
  if (known) return false;
  const nonce = entry.details.nonce === undefined ? undefined : Number(entry.details.nonce);
  if (nonce === undefined) return true;
  const mined = await getTransactionCount(config, {
    chainId: entry.chainId,
    address: entry.from as Address,
    blockTag: "latest",
  });
  return mined <= nonce;
}

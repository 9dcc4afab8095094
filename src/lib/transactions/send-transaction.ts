import type { Abi, Address, Hex } from "viem";
import type { Config } from "wagmi";
import {
  call,
  estimateFeesPerGas,
  estimateGas,
  getBalance,
  getConnection,
  getTransaction,
  getTransactionCount,
  getTransactionReceipt,
  sendTransaction,
  switchChain,
  waitForTransactionReceipt,
} from "wagmi/actions";
import { decodeRevertReason } from "./decode-revert.ts";
import { type PendingTransaction, pendingTransactions, type TransactionKind } from "./pending-transactions.ts";
import {
  InsufficientFundsError,
  SimulationRevertedError,
  TransactionDroppedError,
  TransactionFailedError,
  TransactionRejectedError,
  TransactionReplacedError,
  TransactionSendError,
  WalletNotConnectedError,
  WrongAccountError,
  WrongChainError,
} from "./transaction-errors.ts";

/** A transaction a screen built: what, on which chain, from whom. Nothing is sent until sendPreparedTransaction. */
export interface TransactionRequest {
  readonly kind: TransactionKind;
  /** The selected environment's chain; the wallet must be on it. */
  readonly chain: { readonly id: number; readonly name: string; readonly symbol: string };
  /** The account the transaction was built for (withdrawal address, claimant). */
  readonly account: Address;
  readonly to: Address;
  readonly data: Hex;
  readonly value: bigint;
  /** The target contract's ABI, to show a revert with the contract's own error name and arguments. */
  readonly abi?: Abi;
  /** Kept with the pending transaction so a reload can show it again. */
  readonly details?: Readonly<Record<string, string>>;
}

export interface PreparedTransaction extends TransactionRequest {
  /** Gas limit: the estimate plus a 20% margin. */
  readonly gas: bigint;
  readonly maxFeePerGas: bigint;
  /** The most the network fee can be (gas × maxFeePerGas), in wei. */
  readonly networkFee: bigint;
  /** value + networkFee, in wei. */
  readonly total: bigint;
}

/** Extra gas over the estimate, in percent: state can change between simulation and inclusion. */
export const GAS_MARGIN_PERCENT = 20n;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const isRejection = (error: unknown) => {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth += 1) {
    const record = current as { code?: unknown; name?: unknown; cause?: unknown };
    if (record.code === 4001 || record.name === "UserRejectedRequestError") return true;
    current = record.cause;
  }
  return false;
};
const isChainMismatch = (error: unknown) => {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth += 1) {
    const record = current as { name?: unknown; cause?: unknown };
    if (record.name === "ChainMismatchError" || record.name === "ConnectorChainMismatchError") return true;
    current = record.cause;
  }
  return false;
};

/** Refuses unless the connected account is the request's and the wallet is on the request's chain. */
export function assertWalletMatches(config: Config, request: TransactionRequest): void {
  const connection = getConnection(config);
  if (connection.status !== "connected" || !connection.address) throw new WalletNotConnectedError();
  if (!same(connection.address, request.account)) throw new WrongAccountError(request.account, connection.address);
  if (connection.chainId !== request.chain.id) throw new WrongChainError(request.chain, connection.chainId);
}

/** Asks the wallet to move to the request's chain; resolves when it is there, else throws WrongChainError. */
export async function switchToChain(config: Config, chain: TransactionRequest["chain"]): Promise<void> {
  try {
    await switchChain(config, { chainId: chain.id });
  } catch (cause) {
    if (isRejection(cause)) throw new TransactionRejectedError(cause);
    throw new WrongChainError(chain, getConnection(config).chainId, cause);
  }
  const now = getConnection(config).chainId;
  if (now !== chain.id) throw new WrongChainError(chain, now);
}

/** Runs the transaction as an eth_call on the selected chain; a revert becomes SimulationRevertedError. */
export async function simulateTransaction(config: Config, request: TransactionRequest): Promise<void> {
  try {
    await call(config, {
      chainId: request.chain.id,
      account: request.account,
      to: request.to,
      data: request.data,
      value: request.value,
    });
  } catch (cause) {
    throw new SimulationRevertedError(decodeRevertReason(cause, request.abi), cause);
  }
}

/**
 * Checks account and chain, simulates, estimates gas and fees and checks the balance covers value plus the
 * highest network fee. The result is what the review screen shows (amount, fee, gas, total).
 */
export async function prepareTransaction(config: Config, request: TransactionRequest): Promise<PreparedTransaction> {
  assertWalletMatches(config, request);
  await simulateTransaction(config, request);
  const parameters = {
    chainId: request.chain.id,
    account: request.account,
    to: request.to,
    data: request.data,
    value: request.value,
  } as const;
  let estimate: bigint;
  let fees: { maxFeePerGas: bigint };
  let balance: bigint;
  try {
    [estimate, fees, balance] = await Promise.all([
      estimateGas(config, parameters),
      estimateFeesPerGas(config, { chainId: request.chain.id }),
      getBalance(config, { chainId: request.chain.id, address: request.account }).then((result) => result.value),
    ]);
  } catch (cause) {
    throw new SimulationRevertedError(decodeRevertReason(cause, request.abi), cause);
  }
  const gas = estimate + (estimate * GAS_MARGIN_PERCENT) / 100n;
  const networkFee = gas * fees.maxFeePerGas;
  const total = request.value + networkFee;
  if (balance < total) {
    const { formatEther } = await import("viem");
    throw new InsufficientFundsError(formatEther(total), formatEther(balance), request.chain.symbol);
  }
  return { ...request, gas, maxFeePerGas: fees.maxFeePerGas, networkFee, total };
}

const inFlight = new Map<string, Promise<PendingTransaction>>();

/**
 * Sends a prepared transaction once: a second call for the same kind, account and chain while one is being
 * signed returns the same promise (double clicks send one transaction). Account, chain and simulation are
 * checked again right before the wallet is asked. The sent transaction is stored as pending before this
 * resolves, so a reload resumes it.
 */
export function sendPreparedTransaction(config: Config, prepared: PreparedTransaction): Promise<PendingTransaction> {
  const key = `${prepared.kind}:${prepared.account.toLowerCase()}:${prepared.chain.id}`;
  const running = inFlight.get(key);
  if (running) return running;
  const sending = send(config, prepared).finally(() => inFlight.delete(key));
  inFlight.set(key, sending);
  return sending;
}

async function send(config: Config, prepared: PreparedTransaction): Promise<PendingTransaction> {
  assertWalletMatches(config, prepared);
  await simulateTransaction(config, prepared);
  const nonce = await getTransactionCount(config, {
    chainId: prepared.chain.id,
    address: prepared.account,
    blockTag: "pending",
  }).catch(() => undefined);
  let hash: Hex;
  try {
    hash = await sendTransaction(config, {
      chainId: prepared.chain.id,
      account: prepared.account,
      to: prepared.to,
      data: prepared.data,
      value: prepared.value,
      gas: prepared.gas,
    });
  } catch (cause) {
    if (isRejection(cause)) throw new TransactionRejectedError(cause);
    if (isChainMismatch(cause)) throw new WrongChainError(prepared.chain, getConnection(config).chainId, cause);
    throw new TransactionSendError(cause);
  }
  return pendingTransactions.add({
    hash,
    kind: prepared.kind,
    chainId: prepared.chain.id,
    from: prepared.account,
    value: prepared.value.toString(),
    sentAt: Date.now(),
    details: { ...prepared.details, ...(nonce === undefined ? {} : { nonce: String(nonce) }) },
  });
}

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

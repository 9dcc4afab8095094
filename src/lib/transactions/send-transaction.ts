import type { Address, Hex } from "viem";
import type { Config } from "wagmi";
import {
  call,
  estimateFeesPerGas,
  estimateGas,
  getBalance,
  getConnection,
  sendTransaction,
  switchChain,
} from "wagmi/actions";
import type { AppError } from "../../core/app-error.ts";
import { type ContractCall, callData } from "../../core/contract-call.ts";
import { decodeRevert } from "./decode-revert.ts";
import { nonceMovedOn, pendingNonce } from "./nonce-moved-on.ts";
import { type PendingTransaction, pendingTransactions, type TransactionKind } from "./pending-transactions.ts";
import {
  InsufficientFundsError,
  SimulationRevertedError,
  TransactionMaybeSentError,
  TransactionRejectedError,
  TransactionSendError,
  WalletNotConnectedError,
  WrongAccountError,
  WrongChainError,
} from "./transaction-errors.ts";

/**
 * A transaction a screen built: a builder's ContractCall (whose ABI decodes any revert), on which chain, from
 * whom. Nothing is sent until sendPreparedTransaction.
 */
export type TransactionRequest = ContractCall & {
  readonly kind: TransactionKind;
  /** The selected environment's chain; the wallet must be on it. */
  readonly chain: { readonly id: number; readonly name: string; readonly symbol: string };
  /** The account the transaction was built for (withdrawal address, claimant). */
  readonly account: Address;
  /** Kept with the pending transaction so a reload can show it again. */
  readonly details?: Readonly<Record<string, string>>;
};

export type PreparedTransaction = TransactionRequest & {
  /** Gas limit: the estimate plus a 20% margin. */
  readonly gas: bigint;
  readonly maxFeePerGas: bigint;
  /** The most the network fee can be (gas × maxFeePerGas), in wei. */
  readonly networkFee: bigint;
  /** value + networkFee, in wei. */
  readonly total: bigint;
};

/** The transaction fields a node needs for a request: sender, target, wire data and value. */
const wire = (request: TransactionRequest) =>
  ({
    chainId: request.chain.id,
    account: request.account,
    to: request.to,
    data: callData(request),
    value: request.value ?? 0n,
  }) as const;

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
    await call(config, wire(request));
  } catch (cause) {
    throw new SimulationRevertedError(decodeRevert(cause, request.abi), cause);
  }
}

/**
 * Checks account and chain, simulates, estimates gas and fees and checks the balance covers value plus the
 * highest network fee. The result is what the review screen shows (amount, fee, gas, total).
 */
export async function prepareTransaction(config: Config, request: TransactionRequest): Promise<PreparedTransaction> {
  assertWalletMatches(config, request);
  await simulateTransaction(config, request);
  const parameters = wire(request);
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
    throw new SimulationRevertedError(decodeRevert(cause, request.abi), cause);
  }
  const gas = estimate + (estimate * GAS_MARGIN_PERCENT) / 100n;
  const networkFee = gas * fees.maxFeePerGas;
  const total = parameters.value + networkFee;
  if (balance < total) {
    const { formatEther } = await import("viem");
    throw new InsufficientFundsError(formatEther(total), formatEther(balance), request.chain.symbol);
  }
  return { ...request, gas, maxFeePerGas: fees.maxFeePerGas, networkFee, total };
}

/**
 * A screen's own steps around the wallet request (the stake's double-deposit guard), made for one send; each
 * is optional.
 */
export interface SendHooks {
  /**
   * Runs after account, chain and simulation were checked again, right before the wallet is asked. Throwing
   * (an AppError saying why) refuses the send: the wallet is never asked.
   */
  readonly beforeWallet?: (prepared: PreparedTransaction) => Promise<void>;
  /** The wallet answered with the transaction's hash; it is already stored as pending. */
  readonly onSent?: (entry: PendingTransaction) => void;
  /**
   * The wallet was asked and answered no hash. The error tells which: declined (TransactionRejectedError),
   * not sent (TransactionSendError, WrongChainError) or possibly sent (TransactionMaybeSentError).
   */
  readonly onNotSent?: (error: AppError) => void;
}

const inFlight = new Map<string, Promise<PendingTransaction>>();

/**
 * Sends a prepared transaction once: a second call for the same kind, account and chain while one is being
 * signed returns the same promise (double clicks send one transaction). Account, chain and simulation are
 * checked again, then the screen's `beforeWallet`, right before the wallet is asked. The sent transaction is
 * stored as pending before this resolves, so a reload resumes it. A wallet error after which the account's
 * nonce moved on is TransactionMaybeSentError, not an invitation to send again.
 */
export function sendPreparedTransaction(
  config: Config,
  prepared: PreparedTransaction,
  hooks: SendHooks = {},
): Promise<PendingTransaction> {
  const key = `${prepared.kind}:${prepared.account.toLowerCase()}:${prepared.chain.id}`;
  const running = inFlight.get(key);
  if (running) return running;
  const sending = send(config, prepared, hooks).finally(() => inFlight.delete(key));
  inFlight.set(key, sending);
  return sending;
}

async function send(config: Config, prepared: PreparedTransaction, hooks: SendHooks): Promise<PendingTransaction> {
  assertWalletMatches(config, prepared);
  await simulateTransaction(config, prepared);
  await hooks.beforeWallet?.(prepared);
  const nonce = await pendingNonce(config, prepared.chain.id, prepared.account);
  let hash: Hex;
  try {
    hash = await sendTransaction(config, { ...wire(prepared), gas: prepared.gas });
  } catch (cause) {
    const error = isRejection(cause)
      ? new TransactionRejectedError(cause)
      : isChainMismatch(cause)
        ? new WrongChainError(prepared.chain, getConnection(config).chainId, cause)
        : (await nonceMovedOn(config, prepared.chain.id, prepared.account, nonce))
          ? new TransactionMaybeSentError(cause)
          : new TransactionSendError(cause);
    hooks.onNotSent?.(error);
    throw error;
  }
  const entry = pendingTransactions.add({
    hash,
    kind: prepared.kind,
    chainId: prepared.chain.id,
    from: prepared.account,
    value: (prepared.value ?? 0n).toString(),
    sentAt: Date.now(),
    details: { ...prepared.details, ...(nonce === undefined ? {} : { nonce: String(nonce) }) },
  });
  hooks.onSent?.(entry);
  return entry;
}

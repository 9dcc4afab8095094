import { AppError } from "../../core/app-error.ts";
import type { DecodedRevert } from "./decode-revert.ts";

/**
 * Errors of the send path shared by every transaction screen (stake, claim, unstake). `shortMessage` is a
 * locale key under `transactions.errors`; `values` fill it.
 */

/** The wallet is on another chain than the selected environment's: nothing is sent. */
export class WrongChainError extends AppError {
  readonly expectedChainId: number;
  readonly actualChainId: number | undefined;
  constructor(expected: { id: number; name: string }, actualChainId: number | undefined, cause?: unknown) {
    super("transactions.errors.wrongChain", {
      cause,
      values: { network: expected.name, chainId: expected.id, actual: actualChainId ?? "?" },
      details: `wallet on chain ${actualChainId ?? "unknown"}, transaction is for chain ${expected.id}`,
    });
    this.name = "WrongChainError";
    this.expectedChainId = expected.id;
    this.actualChainId = actualChainId;
  }
}

/** The connected account is not the one the transaction was built for (withdrawal address, claimant). */
export class WrongAccountError extends AppError {
  constructor(expected: string, actual: string | undefined) {
    super("transactions.errors.wrongAccount", {
      values: { expected, actual: actual ?? "?" },
      details: `connected ${actual ?? "nothing"}, transaction built for ${expected}`,
    });
    this.name = "WrongAccountError";
  }
}

/** No wallet is connected. */
export class WalletNotConnectedError extends AppError {
  constructor() {
    super("transactions.errors.notConnected");
    this.name = "WalletNotConnectedError";
  }
}

/** Contract errors a person can act on, told in words (locale `transactions.reverts.<name>`) instead of by name. */
const FRIENDLY_REVERTS = ["StakingIsPaused"] as const;

/** The simulation (eth_call) reverted: the transaction would fail, so the wallet is not asked. */
export class SimulationRevertedError extends AppError {
  readonly reason: string;
  readonly errorName: string | undefined;
  constructor({ errorName, reason }: DecodedRevert, cause?: unknown) {
    const friendly = errorName !== undefined && (FRIENDLY_REVERTS as readonly string[]).includes(errorName);
    super(friendly ? `transactions.reverts.${errorName}` : "transactions.errors.reverted", {
      cause,
      values: { reason },
      details: reason,
    });
    this.name = "SimulationRevertedError";
    this.reason = reason;
    this.errorName = errorName;
  }
}

/** The balance does not cover value plus the network fee. */
export class InsufficientFundsError extends AppError {
  constructor(needed: string, available: string, symbol: string) {
    super("transactions.errors.insufficientFunds", {
      values: { needed, available, symbol },
      details: `needs ${needed} ${symbol}, has ${available}`,
    });
    this.name = "InsufficientFundsError";
  }
}

/** The user declined in the wallet (EIP-1193 4001). */
export class TransactionRejectedError extends AppError {
  constructor(cause?: unknown) {
    super("transactions.errors.rejected", { cause });
    this.name = "TransactionRejectedError";
  }
}

/** Another transaction with the same nonce was mined instead (cancelled or replaced in the wallet). */
export class TransactionReplacedError extends AppError {
  readonly replacement: string;
  constructor(hash: string, replacement: string) {
    super("transactions.errors.replaced", { values: { hash, replacement }, details: `${hash} → ${replacement}` });
    this.name = "TransactionReplacedError";
    this.replacement = replacement;
  }
}

/** The transaction left the mempool without being mined, and its nonce is still unused. */
export class TransactionDroppedError extends AppError {
  constructor(hash: string) {
    super("transactions.errors.dropped", { values: { hash }, details: hash });
    this.name = "TransactionDroppedError";
  }
}

/** The transaction was mined but reverted. */
export class TransactionFailedError extends AppError {
  constructor(hash: string) {
    super("transactions.errors.failed", { values: { hash }, details: hash });
    this.name = "TransactionFailedError";
  }
}

/**
 * The wallet answered with an error, but the account's nonce moved on meanwhile (or could not be checked):
 * the transaction may have been sent, so sending it again could pay twice.
 */
export class TransactionMaybeSentError extends AppError {
  constructor(cause: unknown) {
    super("transactions.errors.maybeSent", {
      cause,
      details: `wallet error after the account's nonce moved on: ${cause instanceof Error ? cause.message : String(cause)}`,
    });
    this.name = "TransactionMaybeSentError";
  }
}

/** The wallet or the chain's RPC failed for another reason; the details say which. */
export class TransactionSendError extends AppError {
  constructor(cause: unknown) {
    super("transactions.errors.send", {
      cause,
      details: cause instanceof Error ? cause.message : String(cause),
    });
    this.name = "TransactionSendError";
  }
}

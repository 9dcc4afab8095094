import { AppError } from "../../core/app-error.ts";

/**
 * Why an EIP-7002 withdrawal request cannot be built for a validator. `shortMessage` is a locale key under
 * `unstake.errors`; `values` fill it. Each is raised before anything is simulated or signed.
 */

/** The connected account is not the validator's withdrawal address: the consensus layer would ignore the request. */
export class NotWithdrawalAddressError extends AppError {
  constructor(withdrawalAddress: string, sender: string) {
    super("unstake.errors.notWithdrawalAddress", {
      values: { withdrawalAddress, sender },
      details: `request from ${sender}, withdrawal address ${withdrawalAddress}`,
    });
    this.name = "NotWithdrawalAddressError";
  }
}

/** 0x00 (BLS) credentials name no execution address, so no EIP-7002 request can come from one. */
export class NoExecutionCredentialsError extends AppError {
  constructor(credentials: string) {
    super("unstake.errors.noExecutionCredentials", { details: `credentials ${credentials}` });
    this.name = "NoExecutionCredentialsError";
  }
}

/** Partial withdrawals exist only for compounding (0x02) validators; 0x01 ones can only exit. */
export class PartialNeedsCompoundingError extends AppError {
  constructor(type: string) {
    super("unstake.errors.partialNeedsCompounding", { values: { type }, details: `credentials type ${type}` });
    this.name = "PartialNeedsCompoundingError";
  }
}

/** A partial withdrawal must leave at least the minimum balance (32 ETH) on the validator. */
export class PartialBelowMinimumError extends AppError {
  /** The most that can be withdrawn, in gwei (0 when the balance is at or below the minimum). */
  readonly maximumGwei: bigint;
  constructor(maximum: string, minimum: string, symbol: string, maximumGwei: bigint) {
    super("unstake.errors.partialBelowMinimum", {
      values: { maximum, minimum, symbol },
      details: `at most ${maximum} ${symbol} keeps ${minimum} ${symbol}`,
    });
    this.name = "PartialBelowMinimumError";
    this.maximumGwei = maximumGwei;
  }
}

/** A partial amount must be a positive whole number of gwei that fits in 8 bytes. */
export class InvalidWithdrawalAmountError extends AppError {
  constructor(amountGwei: bigint) {
    super("unstake.errors.invalidAmount", { details: `amount ${amountGwei} gwei` });
    this.name = "InvalidWithdrawalAmountError";
  }
}

/** Only an active validator (not yet exiting) can be withdrawn from or exited; others' requests are ignored. */
export class ValidatorNotActiveError extends AppError {
  constructor(status: string) {
    super("unstake.errors.notActive", { details: `status ${status}` });
    this.name = "ValidatorNotActiveError";
  }
}

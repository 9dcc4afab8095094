import { AppError } from "../../core/app-error.ts";
import type { DepositProblem } from "../../core/deposit/index.ts";

/**
 * The deposit data from the backend failed verification in the browser: nothing may be signed. `problems`
 * lists each rule broken, with the deposit it concerns; the screen shows each in the user's language.
 */
export class DepositDataRejectedError extends AppError {
  readonly problems: readonly DepositProblem[];
  constructor(problems: readonly DepositProblem[]) {
    super("ethStake.errors.depositDataRejected", {
      details: problems.map((problem) => `${problem.index ?? "*"}: ${problem.code} ${problem.message}`).join("; "),
    });
    this.name = "DepositDataRejectedError";
    this.problems = problems;
  }
}

/** The staking contract charges another service fee than the configured one: the user is never made to pay a fee they were not shown. */
export class ServiceFeeMismatchError extends AppError {
  constructor(configured: string, charged: string, symbol: string) {
    super("ethStake.errors.serviceFeeMismatch", {
      values: { configured, charged, symbol },
      details: `config says ${configured} ${symbol} per validator, the contract charges ${charged}`,
    });
    this.name = "ServiceFeeMismatchError";
  }
}

/** The backend's answer to POST /deposit-data is not the documented shape. */
export class DepositServiceAnswerError extends AppError {
  constructor(details: string) {
    super("ethStake.errors.depositServiceAnswer", { details });
    this.name = "DepositServiceAnswerError";
  }
}

/**
 * Why a stake's validators must not be sent: this browser is sending them (`signing`), may have sent them
 * (`possiblySent`), sent them (`broadcast`) or saw them mined (`confirmed`); or the staking server knows a
 * deposit to one of them in a new block (`knownPending`) or a confirmed one (`known`).
 */
export type DuplicateDepositReason = "signing" | "possiblySent" | "broadcast" | "confirmed" | "knownPending" | "known";

/**
 * The stake names validators that already have, or may have, a deposit: sending it would top them up and pay
 * the service fee again instead of creating validators, so the wallet is not asked. `txHash` is the existing
 * deposit's transaction, when known.
 */
export class DuplicateDepositError extends AppError {
  readonly reason: DuplicateDepositReason;
  readonly txHash: string | undefined;
  constructor(reason: DuplicateDepositReason, txHash?: string) {
    super(`ethStake.duplicate.${reason}`, { details: `${reason}${txHash ? ` in ${txHash}` : ""}` });
    this.name = "DuplicateDepositError";
    this.reason = reason;
    this.txHash = txHash;
  }
}

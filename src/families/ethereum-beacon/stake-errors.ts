import { AppError } from "../../lib/app-error.ts";
import type { DepositProblem } from "../../lib/deposit/index.ts";

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

import { verifySignaturesWithNoble } from "./bls-noble.ts";
import { checkDepositData, type DepositExpectations, type DepositVerification } from "./check-deposit-data.ts";

export type {
  DepositExpectations,
  DepositProblem,
  DepositProblemCode,
  DepositVerification,
} from "./check-deposit-data.ts";

/**
 * verifyDepositDataWith on the current thread with @noble/curves, synchronously: the reference every faster
 * backend is tested against, and what the server uses. The browser calls verifyDeposits (ethereum-beacon).
 */
export function verifyDepositData(data: unknown, expected: DepositExpectations): DepositVerification {
  const pending = checkDepositData(data, expected);
  return pending.complete(verifySignaturesWithNoble(pending.signatureChecks));
}

import { type DepositExpectations, type DepositVerification, verifyDepositData } from "../../lib/deposit/index.ts";

/**
 * Verifies server-provided deposit data in the browser before anything is signed (see verifyDepositData for
 * every check). Asynchronous so the work can leave the main thread.
 */
export async function verifyDeposits(data: unknown, expected: DepositExpectations): Promise<DepositVerification> {
  return verifyDepositData(data, expected);
}

import {
  type DepositExpectations,
  type DepositVerification,
  verifyDepositDataWith,
} from "../../core/deposit/check-deposit-data.ts";
import { startSignatureWorker, verifySignaturesOffMainThread } from "./verify-signatures-off-main-thread.ts";

/**
 * Verifies server-provided deposit data in the browser before anything is signed (see verifyDepositDataWith
 * for every check). The rules run here; the BLS signatures, the costly part, in a Web Worker with
 * WebAssembly (verifySignaturesOffMainThread), so 100 deposits take well under a second and the page
 * stays responsive. Identical results to the server's noble verification (verifyDepositData).
 */
export async function verifyDeposits(data: unknown, expected: DepositExpectations): Promise<DepositVerification> {
  startSignatureWorker(); // compiles its WebAssembly while this thread runs the other rules
  return verifyDepositDataWith(data, expected, verifySignaturesOffMainThread);
}

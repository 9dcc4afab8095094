import {
  checkDepositData,
  type DepositExpectations,
  type DepositVerification,
} from "../../core/deposit/check-deposit-data.ts";
import { startSignatureWorker, verifySignaturesOffMainThread } from "./verify-signatures-off-main-thread.ts";

/** A verification under way for one answer's deposit data: its signatures are being checked already. */
export interface DepositVerificationUnderWay {
  /**
   * The verification of that same data, once its signatures are checked, with `alreadyDeposited` (the keys the
   * backend reports as deposited, which may be asked meanwhile) in place of the expectations' set.
   */
  finish(alreadyDeposited?: ReadonlySet<string>): Promise<DepositVerification>;
}

/**
 * Starts verifying server-provided deposit data the moment it arrives (see checkDepositData for every check):
 * the rules run here at once; the BLS signatures, the costly part, go to the Web Workers with WebAssembly
 * (verifySignaturesOffMainThread) without waiting for anything else, so the page stays responsive and the
 * result is there as soon as the caller has what it asked for meanwhile. Identical results to the server's noble
 * verification (verifyDepositData).
 */
export function startDepositVerification(data: unknown, expected: DepositExpectations): DepositVerificationUnderWay {
  startSignatureWorker(); // a no-op when the stake form started them already
  const pending = checkDepositData(data, expected);
  const verdicts =
    pending.signatureChecks.length === 0 ? Promise.resolve([]) : verifySignaturesOffMainThread(pending.signatureChecks);
  // Awaited by finish(); a caller that gives up before (the known-deposits request failed) leaves no rejection.
  verdicts.catch(() => undefined);
  return {
    finish: async (alreadyDeposited = expected.alreadyDeposited) => pending.complete(await verdicts, alreadyDeposited),
  };
}

/** Verifies deposit data in the browser before anything is signed: startDepositVerification, then its result. */
export function verifyDeposits(data: unknown, expected: DepositExpectations): Promise<DepositVerification> {
  return startDepositVerification(data, expected).finish();
}

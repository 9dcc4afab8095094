import { useEffect } from "react";
import { startSignatureWorker } from "../../families/ethereum-beacon/verify-signatures-off-main-thread.ts";

/** The longest the warm-up waits for an idle moment before starting anyway, in ms. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Starts the deposit verifier (its Web Workers compiling their WebAssembly) at the first idle moment after the
 * stake form appears, while the user enters the amount, so that verification runs at full speed the moment the
 * deposit data arrives and the Review step opens with its result. Starting them verifies nothing and signs
 * nothing: every verification still runs on the data it is given.
 */
export function useVerifierWarmUp(): void {
  useEffect(() => {
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(startSignatureWorker, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(startSignatureWorker, 0);
    return () => clearTimeout(timer);
  }, []);
}

/** The bench page: verifyDeposits exactly as the app bundles it (worker and WebAssembly chunks included). */
import { verifyDeposits } from "../../src/families/ethereum-beacon/verify-deposits.ts";
import { startSignatureWorker } from "../../src/families/ethereum-beacon/verify-signatures-off-main-thread.ts";

window.__verifyDeposits = verifyDeposits;
/** What the stake form does while the user enters the amount (useVerifierWarmUp). */
(window as unknown as { __startSignatureWorker: () => void }).__startSignatureWorker = startSignatureWorker;

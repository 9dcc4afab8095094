/** The bench page: verifyDeposits exactly as the app bundles it (worker and WebAssembly chunks included). */
import { verifyDeposits } from "../../src/families/ethereum-beacon/verify-deposits.ts";

window.__verifyDeposits = verifyDeposits;

/**
 * Web Worker: checks deposit signatures with bls-eth-wasm off the main thread, so a page stays responsive
 * while 100 deposits are verified. Loaded only by verify-signatures-off-main-thread.ts, on first use.
 */
import { loadWasmBls } from "../../lib/deposit/bls-wasm.ts";
import type { BlsVerifyRequest, BlsVerifyResponse } from "./bls-verify-messages.ts";

const reply = (response: BlsVerifyResponse) => postMessage(response);

addEventListener("message", (event: MessageEvent<BlsVerifyRequest>) => {
  const { id, checks } = event.data;
  loadWasmBls().then(
    (bls) => reply({ id, valid: bls.verifySignatures(checks) }),
    (error: unknown) => reply({ id, error: String(error) }),
  );
});

/**
 * Web Worker: checks deposit signatures with bls-eth-wasm off the main thread, so a page stays responsive
 * while 100 deposits are verified. Loaded only by verify-signatures-off-main-thread.ts, on first use.
 */
import { loadWasmBls } from "../../lib/deposit/bls-wasm.ts";
import type { BlsVerifyRequest, BlsVerifyResponse } from "./bls-verify-messages.ts";

const reply = (response: BlsVerifyResponse) => postMessage(response);

// Compile the WebAssembly as soon as the worker starts, while the page still runs the other rules; a failure
// is reported to the request that awaits it below.
loadWasmBls().catch(() => undefined);

addEventListener("message", async (event: MessageEvent<BlsVerifyRequest>) => {
  const { id, checks } = event.data;
  try {
    const bls = await loadWasmBls();
    reply({ id, valid: bls.verifySignatures(checks) });
  } catch (error) {
    // Always answer: the page falls back to its own thread rather than wait for ever.
    reply({ id, error: String(error) });
  }
});

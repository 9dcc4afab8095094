/**
 * Web Worker: checks deposit signatures with bls-eth-wasm, and SSV share public keys with noble, off the main
 * thread, so a page stays responsive while 100 deposits or keyshares entries are verified. Loaded only by
 * verify-signatures-off-main-thread.ts, when the stake form appears or on first use (two at once on a
 * device with two cores or more, each given half of the signatures).
 */
import { loadWasmBls } from "../../core/deposit/bls-wasm.ts";
import type { BlsVerifyRequest, BlsVerifyResponse } from "./bls-verify-messages.ts";

const reply = (response: BlsVerifyResponse) => postMessage(response);

// Compile the WebAssembly as soon as the worker starts, while the page still runs the other rules; a failure
// is reported to the request that awaits it below.
loadWasmBls().catch(() => undefined);

addEventListener("message", async (event: MessageEvent<BlsVerifyRequest>) => {
  const request = event.data;
  const { id } = request;
  try {
    if ("shareKeys" in request) {
      // Loaded on the first keyshares upload only: deposit checks never need G1 arithmetic.
      const { checkShareKeysHere } = await import("../../core/ssv/check-share-public-keys.ts");
      reply({ id, shareKeyProblems: checkShareKeysHere(request.shareKeys) });
      return;
    }
    const bls = await loadWasmBls();
    reply({ id, valid: bls.verifySignatures(request.checks) });
  } catch (error) {
    // Always answer: the page falls back to its own thread rather than wait for ever.
    reply({ id, error: String(error) });
  }
});

import type { SignatureCheck } from "../../core/deposit/signing.ts";
import type { ShareKeysCheck, ShareKeysProblem } from "../../core/ssv/check-share-public-keys.ts";
import type { BlsVerifyRequest, BlsVerifyResponse, BlsWorkerJob } from "./bls-verify-messages.ts";

interface Waiting {
  resolve(response: BlsVerifyResponse): void;
  reject(error: Error): void;
}

let worker: Worker | undefined;
/** Set once the worker cannot run (no Worker, blocked script, crash): later calls go straight to the fallback. */
let workerFailed = typeof Worker === "undefined";
let nextId = 0;
const waiting = new Map<number, Waiting>();

/**
 * Checks BLS signatures with bls-eth-wasm in a Web Worker, started on first call and kept for later ones.
 * Where no worker can run (Node, a browser without module workers, a worker that fails), the same WebAssembly
 * checks run on the current thread instead: the verdicts are the same, only responsiveness is lost.
 */
export async function verifySignaturesOffMainThread(checks: readonly SignatureCheck[]): Promise<readonly boolean[]> {
  if (checks.length === 0) return [];
  if (!workerFailed) {
    try {
      const response = await askWorker({ checks });
      if ("valid" in response) return response.valid;
    } catch {
      // Fall through: the worker could not give an answer, this thread can.
    }
  }
  const { verifySignaturesWithWasm } = await import("../../core/deposit/bls-wasm.ts");
  return verifySignaturesWithWasm(checks);
}

/**
 * Checks SSV share public keys (Lagrange interpolation in G1 with noble, ~20 ms per 4-operator entry) in the same
 * worker, so a 100-validator upload does not freeze the page; on this thread where no worker can run.
 */
export async function checkShareKeysOffMainThread(
  checks: readonly ShareKeysCheck[],
): Promise<readonly (readonly ShareKeysProblem[])[]> {
  if (checks.length === 0) return [];
  if (!workerFailed) {
    try {
      const response = await askWorker({ shareKeys: checks });
      if ("shareKeyProblems" in response) return response.shareKeyProblems;
    } catch {
      // Fall through, as for signatures.
    }
  }
  const { checkShareKeysHere } = await import("../../core/ssv/check-share-public-keys.ts");
  return checkShareKeysHere(checks);
}

/**
 * Starts the worker (and its WebAssembly compiling) now, if it can run and is not running yet, so that it is
 * ready by the time signatures are sent. Never throws; a worker that cannot start is left to the fallback.
 */
export function startSignatureWorker(): void {
  if (workerFailed || worker) return;
  try {
    startWorker();
  } catch {
    workerFailed = true; // e.g. a Content-Security-Policy without worker-src 'self'
  }
}

function askWorker(job: BlsWorkerJob): Promise<BlsVerifyResponse> {
  startSignatureWorker();
  const running = worker;
  if (!running) return Promise.reject(new Error("the BLS worker cannot run here"));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    try {
      running.postMessage({ id, ...job } satisfies BlsVerifyRequest);
    } catch (error) {
      waiting.delete(id);
      reject(error);
    }
  });
}

function startWorker(): Worker {
  // This exact form lets Vite bundle the worker and its WebAssembly as a chunk of the app's own origin.
  const started = new Worker(new URL("./bls-verify.worker.ts", import.meta.url), { type: "module" });
  started.addEventListener("message", (event: MessageEvent<BlsVerifyResponse>) => {
    const response = event.data;
    const entry = waiting.get(response.id);
    waiting.delete(response.id);
    if ("error" in response) entry?.reject(new Error(response.error));
    else entry?.resolve(response);
  });
  const fail = () => {
    workerFailed = true;
    worker = undefined;
    started.terminate();
    for (const entry of waiting.values()) entry.reject(new Error("the BLS worker failed"));
    waiting.clear();
  };
  started.addEventListener("error", fail);
  started.addEventListener("messageerror", fail);
  worker = started;
  return started;
}

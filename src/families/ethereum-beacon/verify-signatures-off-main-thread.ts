import type { SignatureCheck } from "../../core/deposit/signing.ts";
import type { ShareKeysCheck, ShareKeysProblem } from "../../core/ssv/check-share-public-keys.ts";
import type { BlsVerifyRequest, BlsVerifyResponse, BlsWorkerJob } from "./bls-verify-messages.ts";

interface Waiting {
  resolve(response: BlsVerifyResponse): void;
  reject(error: Error): void;
}

/**
 * How many workers share one verification's signatures: as many as the device has cores, up to two. The page's
 * own thread only waits meanwhile, so on a 2-core phone both cores verify (100 deposits in about half the time
 * of one worker); more workers would each compile the WebAssembly again for a smaller gain.
 */
const MAX_WORKERS = 2;

let workers: Worker[] = [];
/** Set once a worker cannot run (no Worker, blocked script, crash): later calls go straight to the fallback. */
let workerFailed = typeof Worker === "undefined";
let nextId = 0;
const waiting = new Map<number, Waiting>();

const workerCount = () =>
  Math.max(1, Math.min(MAX_WORKERS, (typeof navigator !== "undefined" && navigator.hardwareConcurrency) || 1));

/**
 * Checks BLS signatures with bls-eth-wasm in Web Workers, started on first call (or earlier, by
 * startSignatureWorker) and kept for later ones; the checks are split evenly between them. Where no worker can
 * run (Node, a browser without module workers, a worker that fails), the same WebAssembly checks run on the
 * current thread instead: the verdicts are the same, only responsiveness is lost.
 */
export async function verifySignaturesOffMainThread(checks: readonly SignatureCheck[]): Promise<readonly boolean[]> {
  if (checks.length === 0) return [];
  if (!workerFailed) {
    try {
      startSignatureWorker();
      const parts = splitEvenly(checks, workers.length);
      const answers = await Promise.all(parts.map((part, index) => askWorker(index, { checks: part })));
      const verdicts = answers.flatMap((response) => ("valid" in response ? response.valid : []));
      // Every check has its verdict, in order, or none counts.
      if (verdicts.length === checks.length) return verdicts;
    } catch {
      // Fall through: the workers could not give an answer, this thread can.
    }
  }
  const { verifySignaturesWithWasm } = await import("../../core/deposit/bls-wasm.ts");
  return verifySignaturesWithWasm(checks);
}

/**
 * Checks SSV share public keys (Lagrange interpolation in G1 with noble, ~20 ms per 4-operator entry) in the first
 * worker, so a 100-validator upload does not freeze the page; on this thread where no worker can run.
 */
export async function checkShareKeysOffMainThread(
  checks: readonly ShareKeysCheck[],
): Promise<readonly (readonly ShareKeysProblem[])[]> {
  if (checks.length === 0) return [];
  if (!workerFailed) {
    try {
      startSignatureWorker();
      const response = await askWorker(0, { shareKeys: checks });
      if ("shareKeyProblems" in response) return response.shareKeyProblems;
    } catch {
      // Fall through, as for signatures.
    }
  }
  const { checkShareKeysHere } = await import("../../core/ssv/check-share-public-keys.ts");
  return checkShareKeysHere(checks);
}

/**
 * Starts the workers (and their WebAssembly compiling) now, if they can run and are not running yet, so that
 * they are ready by the time signatures are sent: the stake form calls it while the user enters the amount.
 * Never throws; workers that cannot start are left to the fallback.
 */
export function startSignatureWorker(): void {
  if (workerFailed || workers.length > 0) return;
  try {
    workers = Array.from({ length: workerCount() }, startWorker);
  } catch {
    failAll(); // e.g. a Content-Security-Policy without worker-src 'self'
  }
}

/** `items` in `count` consecutive parts whose sizes differ by at most one (no empty part unless items are few). */
function splitEvenly<T>(items: readonly T[], count: number): (readonly T[])[] {
  const parts = Math.max(1, Math.min(count, items.length));
  const size = Math.floor(items.length / parts);
  const extra = items.length % parts;
  const result: (readonly T[])[] = [];
  let start = 0;
  for (let part = 0; part < parts; part++) {
    const end = start + size + (part < extra ? 1 : 0);
    result.push(items.slice(start, end));
    start = end;
  }
  return result;
}

function askWorker(index: number, job: BlsWorkerJob): Promise<BlsVerifyResponse> {
  const running = workers[index];
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

/** Stops every worker and rejects every answer awaited: later calls run on this thread. */
function failAll(): void {
  workerFailed = true;
  for (const running of workers) running.terminate();
  workers = [];
  for (const entry of waiting.values()) entry.reject(new Error("the BLS worker failed"));
  waiting.clear();
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
  started.addEventListener("error", failAll);
  started.addEventListener("messageerror", failAll);
  return started;
}

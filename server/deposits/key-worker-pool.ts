import type { Worker } from "node:worker_threads";
import { ApiError } from "../http/api-error.ts";
import type { Keystore } from "./encrypt-keystore.ts";
import type {
  KeyJob,
  KeystoreJob,
  KeyWorkerReply,
  KeyWorkerRequest,
  KeyWorkerSecrets,
  SignedKey,
  SignJob,
} from "./key-jobs.ts";
import { startModuleWorker } from "./start-module-worker.ts";

/**
 * The key thread's module, next to this one: key-worker.ts from sources, key-worker.js in a compiled server
 * (a bundle must emit server/deposits/key-worker.ts as key-worker.js beside the file holding this module).
 */
const WORKER_MODULE = new URL(import.meta.url.endsWith(".ts") ? "./key-worker.ts" : "./key-worker.js", import.meta.url);

interface Task {
  readonly job: KeyJob;
  readonly validators: number;
  readonly background: boolean;
  resolve(value: SignedKey[] | Keystore): void;
  reject(error: Error): void;
}

export interface KeyWorkerPoolOptions {
  /** Key threads (DEPOSIT_WORKERS); they start on first use. */
  readonly size: number;
  /** Validators of deposit-data requests that may wait for a thread (DEPOSIT_QUEUE_VALIDATORS). */
  readonly queueValidators: number;
  readonly secrets: KeyWorkerSecrets;
}

/** 503 with Retry-After: the key threads are busy and the queue is full. */
export class DepositQueueFullError extends ApiError {
  constructor(waiting: number, asked: number, limit: number, retryAfter: number) {
    super(
      503,
      "deposit_queue_full",
      `The server is preparing ${waiting} validators for other stakes and cannot queue ${asked} more now (at most ${limit} may wait, DEPOSIT_QUEUE_VALIDATORS): retry in ${retryAfter} s with the same idempotency key`,
      undefined,
      retryAfter,
    );
  }
}

/**
 * A fixed set of key threads (node:worker_threads) with a bounded queue. Deposit-data jobs go first, in order;
 * keystore encryption runs in the background, one at a time, only when no deposit-data job is waiting.
 */
export class KeyWorkerPool {
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, { readonly task: Task; readonly started: number }>();
  private readonly waiting: Task[] = [];
  private readonly background: Task[] = [];
  private readonly all = new Set<Worker>();
  private waitingValidators = 0;
  private backgroundRunning = false;
  private nextId = 0;
  private closed = false;
  /** Recent thread time per validator of deposit-data jobs, for Retry-After. */
  private msPerValidator = 20;

  constructor(private readonly options: KeyWorkerPoolOptions) {}

  /** Throws DepositQueueFullError when `validators` more could neither start now nor wait. */
  assertRoom(validators: number): void {
    const startsNow = this.waiting.length === 0 && (this.idle.length > 0 || this.all.size < this.options.size);
    if (!this.closed && (startsNow || this.waitingValidators + validators <= this.options.queueValidators)) return;
    const seconds = ((this.waitingValidators + validators) * this.msPerValidator) / this.options.size / 1000;
    throw new DepositQueueFullError(
      this.waitingValidators,
      validators,
      this.options.queueValidators,
      Math.max(1, Math.ceil(seconds)),
    );
  }

  /** Signs the deposits of a request on a key thread; throws DepositQueueFullError when the queue is full. */
  sign(job: SignJob): Promise<SignedKey[]> {
    this.assertRoom(job.amountsGwei.length);
    return this.enqueue(job, job.amountsGwei.length, false) as Promise<SignedKey[]>;
  }

  /** Encrypts one keystore in the background. */
  keystore(job: KeystoreJob): Promise<Keystore> {
    if (this.closed) return Promise.reject(new Error("the key threads are stopped"));
    return this.enqueue(job, 1, true) as Promise<Keystore>;
  }

  /** Stops every thread; waiting and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    const stopping = new ApiError(503, "server_stopping", "The server is stopping: retry in a moment", undefined, 5);
    for (const task of [...this.waiting.splice(0), ...this.background.splice(0)]) task.reject(stopping);
    this.waitingValidators = 0;
    await Promise.all([...this.all].map((worker) => worker.terminate()));
  }

  private enqueue(job: KeyJob, validators: number, background: boolean): Promise<SignedKey[] | Keystore> {
    return new Promise((resolve, reject) => {
      const task = { job, validators, background, resolve, reject };
      if (background) this.background.push(task);
      else {
        this.waiting.push(task);
        this.waitingValidators += validators;
      }
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (!this.closed) {
      const foreground = this.waiting.length > 0;
      if (!foreground && (this.backgroundRunning || this.background.length === 0)) return;
      const worker = this.idle.pop() ?? (this.all.size < this.options.size ? this.spawn() : undefined);
      if (!worker) return;
      const task = (foreground ? this.waiting.shift() : this.background.shift()) as Task;
      if (foreground) this.waitingValidators -= task.validators;
      else this.backgroundRunning = true;
      const id = ++this.nextId;
      this.running.set(worker, { task, started: performance.now() });
      worker.postMessage({ id, job: task.job } satisfies KeyWorkerRequest);
    }
  }

  private spawn(): Worker {
    const worker = startModuleWorker(WORKER_MODULE, { workerData: this.options.secrets });
    worker.unref();
    this.all.add(worker);
    worker.on("message", (reply: KeyWorkerReply) => {
      const entry = this.finish(worker);
      if (!entry) return;
      this.idle.push(worker);
      if ("error" in reply) entry.task.reject(new Error(`key thread: ${reply.error}`));
      else {
        if (!entry.task.background) {
          const each = (performance.now() - entry.started) / entry.task.validators;
          this.msPerValidator = 0.8 * this.msPerValidator + 0.2 * each;
        }
        entry.task.resolve(reply.result);
      }
      this.dispatch();
    });
    let failure: Error | undefined;
    worker.on("error", (error) => {
      failure = error;
    });
    worker.on("exit", () => {
      this.all.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      this.finish(worker)?.task.reject(new Error(`the key thread stopped${failure ? `: ${failure.message}` : ""}`));
      this.dispatch();
    });
    return worker;
  }

  private finish(worker: Worker) {
    const entry = this.running.get(worker);
    if (!entry) return undefined;
    this.running.delete(worker);
    if (entry.task.background) this.backgroundRunning = false;
    return entry;
  }
}

import { spawn } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT } from "../codegen/fixtures/project.ts";
import { freePort } from "../tests/support/free-port.ts";
import type { BenchResult } from "./measure.ts";
import { waitUntilReady } from "./wait-until-ready.ts";

const CONCURRENT = 10;
const VALIDATORS = 64;
const IDLE_SAMPLES = 2000;

const p99 = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] as number;
};

async function timedHealth(address: string): Promise<number> {
  const asked = performance.now();
  const response = await fetch(`${address}/health`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`/health answered ${response.status}`);
  return performance.now() - asked;
}

function depositData(address: string, n: number): Promise<void> {
  return fetch(`${address}/deposit-data`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      owner: `0x${(0x1000 + n).toString(16).padStart(40, "0")}`,
      network: "ethereum",
      environment: "devnet",
      credentialType: "0x01",
      validatorCount: n === 0 ? 1 : VALIDATORS,
      idempotencyKey: `bench-deposit-load-${n}`,
    }),
  }).then(async (response) => {
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`/deposit-data answered ${response.status}`);
  });
}

/**
 * /health p99 while 10 concurrent 64-validator deposit-data requests run, against /health p99 with no load,
 * in the same run and the same server process (started as `npm run server` starts it). /health is asked one
 * request after another, so a blocked event loop shows as one long wait.
 */
export async function benchDepositDataLoad(): Promise<BenchResult> {
  const port = await freePort();
  const server = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "server", "main.ts")], {
    cwd: REPO_ROOT,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      DATA_DIR: "memory://",
      INDEXER: "off",
      // The load must be served, not refused: limits far above it.
      DEPOSIT_VALIDATORS_PER_MINUTE: "1000000",
      DEPOSIT_UNDEPOSITED_KEYS_PER_OWNER: "1000000",
      DEPOSIT_UNDEPOSITED_KEYS_TOTAL: "1000000",
      DEPOSIT_QUEUE_VALIDATORS: String(CONCURRENT * VALIDATORS),
    },
  });
  const stopped = new Promise((resolve) => server.once("exit", resolve));
  try {
    const address = `http://127.0.0.1:${port}`;
    await waitUntilReady(address, server, "the server");
    // Warm: one small request loads the BLS code (and starts a key thread where there is one); /health runs
    // as many times as it is measured, so both figures come from warmed code.
    await depositData(address, 0);
    for (let sample = 0; sample < IDLE_SAMPLES; sample++) await timedHealth(address);
    const idle: number[] = [];
    for (let sample = 0; sample < IDLE_SAMPLES; sample++) idle.push(await timedHealth(address));

    let running = true;
    const started = performance.now();
    const load = Promise.all(Array.from({ length: CONCURRENT }, (_, n) => depositData(address, n + 1))).finally(() => {
      running = false;
    });
    const loaded: number[] = [];
    while (running) loaded.push(await timedHealth(address));
    await load;
    const seconds = (performance.now() - started) / 1000;
    const baseline = p99(idle);
    const measured = p99(loaded);
    return {
      name: `/health p99 during ${CONCURRENT} concurrent ${VALIDATORS}-validator deposit-data requests`,
      baselineName: "/health p99 with no load",
      baselineMs: baseline,
      measuredMs: measured,
      ratio: measured / baseline,
      goal: 10,
      notes: `the load took ${seconds.toFixed(1)} s; ${loaded.length} /health answers during it, the slowest ${Math.max(...loaded).toFixed(0)} ms; ${IDLE_SAMPLES} answers without load`,
    };
  } finally {
    server.kill("SIGTERM");
    await stopped;
  }
}

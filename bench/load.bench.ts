import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import { REPO_ROOT } from "../codegen/fixtures/project.ts";
import { startAnvil } from "../tests/support/anvil.ts";
import { freePort } from "../tests/support/free-port.ts";
import { startPostgres } from "../tests/support/postgres-server.ts";
import type { BenchResult } from "./measure.ts";
import { startRoundRobin } from "./round-robin.ts";
import { waitUntilReady } from "./wait-until-ready.ts";

/** Seconds each run lasts: LOAD_BENCH_SECONDS, 60 when not set (a quick run: LOAD_BENCH_SECONDS=10). */
const DURATION_S = Number(process.env.LOAD_BENCH_SECONDS ?? 60);
const CLIENTS = 200;
const INSTANCES = 3;
/**
 * Each client asks for deposit data (one validator: BLS key derivation and signing) this often, the clients'
 * first requests spread over the interval: 200 clients make about 7 a second.
 */
const DEPOSIT_EVERY_MS = 30_000;

interface Instance {
  readonly url: string;
  readonly child: ChildProcess;
  readonly exited: Promise<unknown>;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "server", "main.ts")], {
    cwd: REPO_ROOT,
    stdio: "ignore",
    env: { ...process.env, ...env, PORT: String(port) },
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, "a server instance", 60).catch((error: unknown) => {
    child.kill("SIGKILL");
    throw error;
  });
  return { url, child, exited };
}

interface Asked {
  readonly path: string;
  /** A POST's JSON body; GETs have none. */
  readonly body?: string;
}

/** What each request kind sends, for client `n`. */
function requestOf(kind: number, n: number, sent: number): Asked {
  const owner = `0x${(0xa000 + n).toString(16).padStart(40, "0")}`;
  const scope = `owner=${owner}&network=ethereum&environment=devnet`;
  const rpc = (method: string, params: unknown[]) => ({
    path: "/rpc/31337",
    body: JSON.stringify({ jsonrpc: "2.0", id: sent, method, params }),
  });
  switch (kind) {
    case 0:
      return { path: "/stats/networks" };
    case 1:
      return { path: `/validators?${scope}` };
    case 2:
      return { path: `/rewards/summary?${scope}` };
    case 3:
      return rpc("eth_blockNumber", []);
    case 4:
      return rpc("eth_getBalance", [owner, "latest"]);
    default:
      return rpc("eth_chainId", []);
  }
}

interface RunFigures {
  readonly requests: number;
  readonly failed: number;
  readonly depositRequests: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly retried: number;
  /** The machine's one-minute load average when the run started and when it ended. */
  readonly load: string;
  readonly failures: Record<string, number>;
}

function percentile(sorted: Float64Array, fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? Number.NaN;
}

/** CLIENTS clients, each sending one request after another for DURATION_S seconds; `during` runs alongside. */
async function run(target: string, label: string, during: () => Promise<void>): Promise<Omit<RunFigures, "retried">> {
  const agent = new Agent({ connections: CLIENTS, keepAliveTimeout: 30_000 });
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let failed = 0;
  let depositRequests = 0;
  const loadAtStart = loadavg()[0] ?? 0;
  const started = performance.now();
  const deadline = started + DURATION_S * 1000;
  const client = async (n: number) => {
    const forwardedFor = `10.${(n >> 8) & 255}.${n & 255}.${label === "kill" ? 2 : 1}`;
    let sent = 0;
    let depositedAt = started - DEPOSIT_EVERY_MS + (DEPOSIT_EVERY_MS * n) / CLIENTS;
    while (performance.now() < deadline) {
      const deposit = performance.now() - depositedAt >= DEPOSIT_EVERY_MS;
      const asked: Asked = deposit
        ? {
            path: "/deposit-data",
            body: JSON.stringify({
              owner: `0x${(0xa000 + n).toString(16).padStart(40, "0")}`,
              network: "ethereum",
              environment: "devnet",
              credentialType: "0x01",
              validatorCount: 1,
              idempotencyKey: `load-${label}-${n}-${sent}`,
            }),
          }
        : requestOf(sent % 6, n, sent);
      if (deposit) {
        depositedAt = performance.now();
        depositRequests++;
      }
      sent++;
      const at = performance.now();
      const outcome = await request(`${target}${asked.path}`, {
        dispatcher: agent,
        method: asked.body ? "POST" : "GET",
        headers: { "x-forwarded-for": forwardedFor, ...(asked.body ? { "content-type": "application/json" } : {}) },
        ...(asked.body ? { body: asked.body } : {}),
      }).then(
        async (answer) => {
          await answer.body.dump();
          return answer.statusCode === 200 || answer.statusCode === 201 ? "ok" : `HTTP ${answer.statusCode}`;
        },
        (error: Error) => error.message,
      );
      latencies.push(performance.now() - at);
      if (outcome !== "ok") {
        failed++;
        const key = `${asked.path.split("?")[0]}: ${outcome}`;
        failures[key] = (failures[key] ?? 0) + 1;
      }
    }
  };
  await Promise.all([...Array.from({ length: CLIENTS }, (_, n) => client(n)), during()]);
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    failed,
    depositRequests,
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    load: `${loadAtStart.toFixed(1)} to ${(loadavg()[0] ?? 0).toFixed(1)}`,
    failures,
  };
}

/**
 * Three server instances on one PostgreSQL server and one anvil chain, behind the bench's round-robin
 * forwarder (which retries a request once on a connection error), with 200 clients mixing reads (network
 * stats, validators, rewards, RPC reads through the proxy) and deposit-data requests for DURATION_S seconds;
 * then the same again with one instance killed (SIGKILL) half-way. Goal: no failed client request in either.
 */
export async function benchLoad(): Promise<BenchResult[]> {
  const [anvil, postgres] = await Promise.all([startAnvil(), startPostgres()]);
  const instances: Instance[] = [];
  try {
    const env = {
      DATABASE_URL: postgres.url,
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      INDEXER: "off",
      TRUST_PROXY: "true",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.rpcUrl,
      DEPOSIT_VALIDATORS_PER_MINUTE: "1000000",
      DEPOSIT_UNDEPOSITED_KEYS_PER_OWNER: "1000000",
      DEPOSIT_UNDEPOSITED_KEYS_TOTAL: "1000000",
      DEPOSIT_QUEUE_VALIDATORS: String(CLIENTS),
    };
    for (let n = 0; n < INSTANCES; n++) instances.push(await startInstance(env));
    const forwarder = await startRoundRobin(instances.map(({ url }) => url));
    try {
      const steady = await run(forwarder.url, "steady", async () => {});
      const retriedBefore = forwarder.retried();
      const victim = instances[INSTANCES - 1] as Instance;
      const killed = await run(forwarder.url, "kill", async () => {
        await new Promise((resolve) => setTimeout(resolve, (DURATION_S * 1000) / 2));
        victim.child.kill("SIGKILL");
        await victim.exited;
      });
      const figures = {
        steady: { ...steady, retried: retriedBefore },
        killed: { ...killed, retried: forwarder.retried() - retriedBefore },
      };
      const context = `${cpus().length} cores shared with other work`;
      console.table(
        Object.fromEntries(
          Object.entries(figures).map(([name, f]) => [
            name,
            {
              "requests/s": Math.round(f.perSecond),
              requests: f.requests,
              "deposit-data": f.depositRequests,
              "p50 ms": Number(f.p50.toFixed(1)),
              "p95 ms": Number(f.p95.toFixed(1)),
              "p99 ms": Number(f.p99.toFixed(1)),
              failed: f.failed,
              retried: f.retried,
              "load average": f.load,
            },
          ]),
        ),
      );
      for (const [name, f] of Object.entries(figures)) {
        if (f.failed > 0) console.log(`${name} failures: ${JSON.stringify(f.failures)}`);
      }
      const dir = join(REPO_ROOT, "bench", "results");
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, "load.json"),
        `${JSON.stringify({ durationSeconds: DURATION_S, clients: CLIENTS, instances: INSTANCES, context, ...figures }, null, 2)}\n`,
      );
      const entry = (name: string, f: RunFigures): BenchResult => ({
        name: `failed client requests, ${name}`,
        baselineName: "client requests",
        baselineMs: f.requests,
        measuredMs: f.failed,
        ratio: f.failed / f.requests,
        goal: 0,
        unit: "",
        notes: `${INSTANCES} instances, ${CLIENTS} clients, ${DURATION_S} s: ${Math.round(f.perSecond)} requests/s, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, ${f.depositRequests} deposit-data requests, ${f.retried} retried by the round-robin; ${context}, load average ${f.load}`,
      });
      return [
        entry("3 instances under load", figures.steady),
        entry(`3 instances under load, one killed (SIGKILL) at ${DURATION_S / 2} s`, figures.killed),
      ];
    } finally {
      await forwarder.close();
    }
  } finally {
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill("SIGTERM");
      await instance.exited;
    }
    await postgres.stop();
    await anvil.stop();
  }
}

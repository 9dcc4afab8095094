import { spawn } from "node:child_process";
import { join } from "node:path";
import autocannon from "autocannon";
import { REPO_ROOT } from "../codegen/fixtures/project.ts";
import { freePort, startAnvil } from "../server/testing/local-anvil.ts";
import { startPostgres } from "../server/testing/postgres-server.ts";
import type { BenchResult } from "./measure.ts";

const DURATION_S = 5;
const CONNECTIONS = 20;

async function throughput(url: string, body: unknown): Promise<number> {
  const result = await autocannon({
    url,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/** Starts the server in its own process on `databaseUrl`; resolves once it is ready, with a stop function. */
async function startServer(env: Record<string, string>): Promise<{ address: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const server = spawn(process.execPath, ["--import", "tsx", join(REPO_ROOT, "server", "main.ts")], {
    cwd: REPO_ROOT,
    stdio: "ignore",
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "silent", SERVE_KINDS: "devnet", INDEXER: "off", ...env },
  });
  const stopped = new Promise((resolve) => server.once("exit", resolve));
  const stop = async () => {
    server.kill("SIGTERM");
    await stopped;
  };
  const address = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 300) {
      await stop();
      throw new Error("the server did not start");
    }
    const ready = await fetch(`${address}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { address, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The cost of counting the proxy's call budget in PostgreSQL (one upsert per request, whatever its number of
 * calls), on a real PostgreSQL server as in a multi-instance deployment: a cached read (eth_chainId, answered
 * without the upstream, so the counter is most of the work) of one call and of a batch of 10 calls, against
 * the same read sent to anvil directly in the same run.
 */
export async function benchSharedRateLimit(): Promise<BenchResult[]> {
  const [anvil, postgres] = await Promise.all([startAnvil(), startPostgres()]);
  try {
    const server = await startServer({
      DATABASE_URL: postgres.url,
      // The load comes from one address: a budget it never reaches, so every request is counted and served.
      RATE_LIMIT_PER_MINUTE: "100000000",
      RPC_CLIENT_CONCURRENCY: String(CONNECTIONS),
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.url,
    });
    try {
      const proxy = `${server.address}/rpc/${anvil.chainId}`;
      const one = { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] };
      const batch = Array.from({ length: 10 }, (_, id) => ({ ...one, id }));
      const direct = await throughput(anvil.url, one);
      const proxied = await throughput(proxy, one);
      const directBatch = await throughput(anvil.url, batch);
      const proxiedBatch = await throughput(proxy, batch);
      const notes = `${CONNECTIONS} connections, ${DURATION_S} s each, call budget counted in a PostgreSQL server; requests per second, not ms`;
      return [
        {
          name: "proxied cached read (eth_chainId) with the shared call budget, requests/s",
          baselineName: "the same read sent to the chain directly",
          baselineMs: direct,
          measuredMs: proxied,
          ratio: proxied / direct,
          goal: 0.8,
          higherIsBetter: true,
          notes,
        },
        {
          name: "proxied cached batch of 10 (eth_chainId) with the shared call budget, requests/s",
          baselineName: "the same batch sent to the chain directly",
          baselineMs: directBatch,
          measuredMs: proxiedBatch,
          ratio: proxiedBatch / directBatch,
          goal: 0.8,
          higherIsBetter: true,
          notes,
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await postgres.stop();
    await anvil.stop();
  }
}

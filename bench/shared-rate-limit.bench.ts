import { spawn } from "node:child_process";
import { join } from "node:path";
import autocannon from "autocannon";
import { REPO_ROOT } from "../codegen/fixtures/project.ts";
import { startAnvil } from "../tests/support/anvil.ts";
import { freePort } from "../tests/support/free-port.ts";
import { startPostgres } from "../tests/support/postgres-server.ts";
import type { BenchResult } from "./measure.ts";
import { waitUntilReady } from "./wait-until-ready.ts";

const DURATION_S = 5;
const CONNECTIONS = 20;

/**
 * Requests per second over CONNECTIONS connections. With `perClient`, requests come from client addresses
 * (X-Forwarded-For, the server trusting it) that change every `perClient` requests, as from many browsers.
 */
async function throughput(url: string, body: unknown, perClient?: number): Promise<number> {
  let sent = 0;
  const result = await autocannon({
    url,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(perClient
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const client = Math.floor(sent++ / perClient);
                const address = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
                return { ...request, headers: { ...request.headers, "x-forwarded-for": address } };
              },
            },
          ],
        }
      : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/** Starts the server in its own process; resolves once it is ready, with a function that stops it. */
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
  await waitUntilReady(address, server, "the server").catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { address, stop };
}

/**
 * The cost of counting the proxy's call budget (RATE_LIMIT_PER_MINUTE=600) in PostgreSQL, on a real PostgreSQL
 * server as in a multi-instance deployment, with a cached read (eth_chainId, answered without the upstream, so
 * the counting is most of the work), against the same read sent to anvil directly in the same run:
 * every request from a new client (one upsert per request: the worst case), each client sending 30 single
 * calls in a row (one upsert per lease of 6 calls), and batches of 10 calls (one upsert per request).
 */
export async function benchSharedRateLimit(): Promise<BenchResult[]> {
  const [anvil, postgres] = await Promise.all([startAnvil(), startPostgres()]);
  try {
    const server = await startServer({
      DATABASE_URL: postgres.url,
      RATE_LIMIT_PER_MINUTE: "600",
      TRUST_PROXY: "true",
      RPC_CLIENT_CONCURRENCY: String(CONNECTIONS),
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.rpcUrl,
    });
    try {
      const proxy = `${server.address}/rpc/${anvil.chainId}`;
      const one = { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] };
      const batch = Array.from({ length: 10 }, (_, id) => ({ ...one, id }));
      const direct = await throughput(anvil.rpcUrl, one);
      const newClients = await throughput(proxy, one, 1);
      const returningClients = await throughput(proxy, one, 30);
      const directBatch = await throughput(anvil.rpcUrl, batch);
      const batches = await throughput(proxy, batch, 30);
      const notes = `${CONNECTIONS} connections, ${DURATION_S} s each, call budget of 600 a minute counted in a PostgreSQL server; requests per second, not ms`;
      const entry = (name: string, baselineName: string, baseline: number, measured: number): BenchResult => ({
        name,
        baselineName,
        baselineMs: baseline,
        measuredMs: measured,
        ratio: measured / baseline,
        goal: 0.8,
        higherIsBetter: true,
        notes,
      });
      return [
        entry(
          "proxied cached read, shared budget, a new client every request, requests/s",
          "the same read sent to the chain directly",
          direct,
          newClients,
        ),
        entry(
          "proxied cached read, shared budget, 30 requests per client, requests/s",
          "the same read sent to the chain directly",
          direct,
          returningClients,
        ),
        entry(
          "proxied cached batch of 10, shared budget, 30 batches per client, requests/s",
          "the same batch sent to the chain directly",
          directBatch,
          batches,
        ),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await postgres.stop();
    await anvil.stop();
  }
}

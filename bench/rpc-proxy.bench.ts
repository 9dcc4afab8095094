import { spawn } from "node:child_process";
import { join } from "node:path";
import autocannon from "autocannon";
import { REPO_ROOT } from "../codegen/fixtures/project.ts";
import { freePort, startAnvil } from "../server/testing/local-anvil.ts";
import type { BenchResult } from "./measure.ts";

const DURATION_S = 5;
const CONNECTIONS = 20;
const DEV_ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

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

/**
 * The JSON-RPC proxy against calling the chain (anvil) directly, in the same run:
 * an uncached read (eth_getBalance) both ways, and a cached one (eth_chainId) through the proxy.
 * Goals: uncached ≥ 0.8x direct; cached ≥ 5x direct.
 */
export async function benchRpcProxy(): Promise<BenchResult[]> {
  const anvil = await startAnvil();
  const port = await freePort();
  // The server runs in its own process, as in production, so the load generator does not share its thread.
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
      // The load comes from one address: the per-client limits would otherwise be what is measured.
      RATE_LIMIT_PER_MINUTE: "100000000",
      RPC_CLIENT_CONCURRENCY: String(CONNECTIONS),
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.url,
    },
  });
  const stopped = new Promise((resolve) => server.once("exit", resolve));
  try {
    const address = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 300) throw new Error("the server did not start");
      if (
        await fetch(`${address}/ready`).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const proxy = `${address}/rpc/${anvil.chainId}`;
    const balance = { jsonrpc: "2.0", id: 1, method: "eth_getBalance", params: [DEV_ADDRESS, "latest"] };
    const chainId = { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] };
    const direct = await throughput(anvil.url, balance);
    const proxied = await throughput(proxy, balance);
    const directChainId = await throughput(anvil.url, chainId);
    const cached = await throughput(proxy, chainId);
    return [
      {
        name: "proxied uncached read (eth_getBalance), requests/s",
        baselineName: "the same read sent to the chain directly",
        baselineMs: direct,
        measuredMs: proxied,
        ratio: proxied / direct,
        goal: 0.8,
        higherIsBetter: true,
        notes: `${CONNECTIONS} connections, ${DURATION_S} s each; figures are requests per second, not ms`,
      },
      {
        name: "proxied cached read (eth_chainId), requests/s",
        baselineName: "the same read sent to the chain directly",
        baselineMs: directChainId,
        measuredMs: cached,
        ratio: cached / directChainId,
        goal: 5,
        higherIsBetter: true,
        notes: `${CONNECTIONS} connections, ${DURATION_S} s each; figures are requests per second, not ms`,
      },
    ];
  } finally {
    server.kill("SIGTERM");
    await stopped;
    await anvil.stop();
  }
}

import { spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { REPO_ROOT } from "../codegen/fixtures/project.ts";
import { freePort, type LocalAnvil, startAnvil } from "../server/testing/local-anvil.ts";
import type { BenchResult } from "./measure.ts";

const DURATION_S = 5;
const CONNECTIONS = 20;
const DEV_ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
/** Transactions in the finalized block the cached read asks for. */
const BLOCK_TRANSACTIONS = 50;

/** Requests per second at `url` for bodies made by `body` (called for every request). */
async function throughput(url: string, body: (n: number) => unknown): Promise<number> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        setupRequest: (request) => ({ ...request, body: JSON.stringify(body(n++)) }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function call(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

/** Mines a block of BLOCK_TRANSACTIONS transfers, then 80 more so anvil (finality 64 behind) has finalized it. */
async function finalizedFullBlock(anvil: LocalAnvil): Promise<string> {
  await call(anvil.url, "evm_setAutomine", [false]);
  for (let n = 0; n < BLOCK_TRANSACTIONS; n++) {
    const to = `0x${(0x1000 + n).toString(16).padStart(40, "0")}`;
    await call(anvil.url, "eth_sendTransaction", [{ from: DEV_ADDRESS, to, value: "0x1" }]);
  }
  await call(anvil.url, "evm_mine");
  const block = (await call(anvil.url, "eth_blockNumber")) as string;
  await call(anvil.url, "evm_setAutomine", [true]);
  await call(anvil.url, "anvil_mine", ["0x50"]);
  return block;
}

const rpc = (method: string, params: unknown[]) => ({ jsonrpc: "2.0", id: 1, method, params });

/**
 * The JSON-RPC proxy against calling the chain (anvil) directly, in the same run, each as requests per second
 * from CONNECTIONS connections: uncached reads (eth_getBalance: every request for another account, so nothing
 * is shared; and one account for all, which the proxy coalesces), and cached ones (a finalized block of
 * BLOCK_TRANSACTIONS transactions with full transactions, and eth_chainId, the cheapest call anvil answers).
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
    const block = await finalizedFullBlock(anvil);
    // The first answers teach the proxy the upstream's finalized block; later ones are kept.
    for (let n = 0; n < 3; n++) await call(proxy, "eth_getBlockByNumber", [block, true]);

    const cases = [
      {
        name: "proxied uncached read, a different account each request (eth_getBalance)",
        body: (n: number) => rpc("eth_getBalance", [`0x${(n + 1).toString(16).padStart(40, "0")}`, "latest"]),
        goal: 0.8,
      },
      {
        name: "proxied uncached read, the same account from every connection (eth_getBalance, coalesced)",
        body: () => rpc("eth_getBalance", [DEV_ADDRESS, "latest"]),
        goal: 0.8,
      },
      {
        name: `proxied cached read, a finalized block with ${BLOCK_TRANSACTIONS} full transactions (eth_getBlockByNumber)`,
        body: () => rpc("eth_getBlockByNumber", [block, true]),
        goal: 5,
      },
      { name: "proxied cached read (eth_chainId)", body: () => rpc("eth_chainId", []), goal: 5 },
    ];
    const results: BenchResult[] = [];
    for (const { name, body, goal } of cases) {
      const direct = await throughput(anvil.url, body);
      const proxied = await throughput(proxy, body);
      results.push({
        name: `${name}, requests/s`,
        baselineName: "the same read sent to the chain directly",
        baselineMs: direct,
        measuredMs: proxied,
        ratio: proxied / direct,
        goal,
        higherIsBetter: true,
        notes: `${CONNECTIONS} connections, ${DURATION_S} s each; figures are requests per second, not ms; ${cpus().length} cores shared with other work, load average ${loadavg()[0]?.toFixed(1)}`,
      });
    }
    return results;
  } finally {
    server.kill("SIGTERM");
    await stopped;
    await anvil.stop();
  }
}

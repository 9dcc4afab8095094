import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/**
 * Two anvil nodes behind the RPC proxy (over real sockets); the first is killed (SIGKILL, by pid) while clients
 * keep reading: no client request fails, and once the node runs again on the same port it is back first in the
 * rotation after RPC_UPSTREAM_COOL_DOWN_MS. The nodes are told apart by their heads: the second mined 500 blocks.
 */
const CLIENTS = 8;
const SECOND_HEAD = 500;

let first: RunningAnvil;
let second: RunningAnvil;
let app: FastifyInstance;
let storage: Storage;
let base: string;

const blockNumber = async (): Promise<{ status: number; head?: number }> => {
  const response = await fetch(`${base}/rpc/31337`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
  });
  const body = (await response.json()) as { result?: string };
  return { status: response.status, ...(body.result ? { head: Number.parseInt(body.result, 16) } : {}) };
};

/** CLIENTS clients reading in a loop until stopped; every answer is kept, in order. */
function load(): { answers: { status: number; head?: number }[]; stop: () => Promise<void> } {
  let done = false;
  const answers: { status: number; head?: number }[] = [];
  const clients = Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!done) answers.push(await blockNumber().catch(() => ({ status: 0 })));
    }),
  );
  return {
    answers,
    stop: async () => {
      done = true;
      await clients;
    },
  };
}

/** Resolves once `check` holds (polled every 20 ms), or fails after withinMs. */
async function until(check: () => boolean, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  [first, second] = await Promise.all([startAnvil(), startAnvil()]);
  await fetch(second.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: [`0x${SECOND_HEAD.toString(16)}`] }),
  });
  storage = await openStorage({ dataDir: "memory://" });
  const config = parseEnv({
    SERVE_KINDS: "devnet",
    LOG_LEVEL: "silent",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_UPSTREAMS_ETHEREUM_DEVNET: `${first.rpcUrl},${second.rpcUrl}`,
    RPC_UPSTREAM_COOL_DOWN_MS: "1000",
    RATE_LIMIT_PER_MINUTE: "1000000",
    METRICS_TOKEN: "metrics-token-0123456789",
  });
  app = await buildServer(config, storage, { logger: false });
  base = await app.listen({ host: "127.0.0.1", port: 0 });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await storage?.close();
  await Promise.all([first?.stop(), second?.stop()]);
});

describe("an RPC upstream killed under load", () => {
  it("fails no client request, and the node is back in rotation once restarted on its port", async () => {
    expect((await blockNumber()).head).toBe(0);
    const running = load();
    // The load runs on the first node; it is killed mid-load, and the load goes on until 100 more answers came.
    await until(() => running.answers.length >= 40, 20_000);
    await first.stop("SIGKILL");
    const killedAt = running.answers.length;
    await until(() => running.answers.length >= killedAt + 100, 20_000);
    await running.stop();
    const answers = running.answers;
    console.info(`${answers.length} reads by ${CLIENTS} clients across the SIGKILL of an upstream`);
    expect(answers.length).toBeGreaterThan(50);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(answers.some((answer) => answer.head === 0)).toBe(true);
    expect(answers.at(-1)?.head).toBe(SECOND_HEAD);
    const ready = (await (await fetch(`${base}/ready`)).json()) as {
      upstreams: { upstreams: { host: string; state: string }[] }[];
    };
    expect(ready.upstreams[0]?.upstreams).toEqual([
      { host: `127.0.0.1:${first.port}`, state: "cooling-down" },
      { host: `127.0.0.1:${second.port}`, state: "ok" },
    ]);

    const metrics = await (
      await fetch(`${base}/metrics`, { headers: { authorization: "Bearer metrics-token-0123456789" } })
    ).text();
    const errors = new RegExp(
      `^rpc_upstream_errors_total\\{chain_id="31337",upstream="127\\.0\\.0\\.1:${first.port}"\\} (\\d+)$`,
      "m",
    );
    expect(Number(errors.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
    expect(metrics).not.toContain(`upstream="127.0.0.1:${second.port}"`);

    first = await startAnvil({ port: first.port });
    // After the cool-down (1 s here) the first node answers again: a fresh chain, so its head is 0.
    let back = await blockNumber();
    const deadline = Date.now() + 10_000;
    while (back.head !== 0 && Date.now() < deadline) back = await blockNumber();
    expect(back).toEqual({ status: 200, head: 0 });
  }, 60_000);
});

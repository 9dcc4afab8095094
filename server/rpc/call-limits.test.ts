import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { type Relay, startRelay } from "../../tests/support/relay.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

const DEVNET_CHAIN = 31_337;

let anvil: RunningAnvil;
let relay: Relay;
let storage: Storage;
const servers: FastifyInstance[] = [];

async function server(env: Record<string, string> = {}) {
  const app = await buildServer(
    parseEnv({
      SERVE_KINDS: "devnet",
      LOG_LEVEL: "silent",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: relay.url,
      ...env,
    }),
    storage,
    { logger: false },
  );
  servers.push(app);
  return app;
}

function call(app: FastifyInstance, body: unknown, remoteAddress = "127.0.0.1") {
  return app.inject({ method: "POST", url: `/rpc/${DEVNET_CHAIN}`, payload: body as object, remoteAddress });
}

const chainIdCalls = (count: number) =>
  Array.from({ length: count }, (_, id) => ({ jsonrpc: "2.0", id, method: "eth_chainId" }));

/** Resolves once `condition` holds, checking on every turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  anvil = await startAnvil();
  relay = await startRelay(anvil.rpcUrl);
});

afterAll(async () => {
  for (const app of servers) await app.close();
  await relay?.close();
  await anvil?.stop();
  await storage?.close();
});

describe("JSON-RPC proxy limits per client", () => {
  it("counts every call of a batch: six batches of 100 calls use a client's 600 calls a minute", async () => {
    const app = await server();
    for (let batch = 0; batch < 6; batch++) {
      const answer = await call(app, chainIdCalls(100));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toHaveLength(100);
    }
    const refused = await call(app, { jsonrpc: "2.0", id: 1, method: "eth_chainId" });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32005, message: expect.stringContaining("at most 600 per minute") },
    });
    // Another client has its own budget.
    expect((await call(app, { jsonrpc: "2.0", id: 1, method: "eth_chainId" }, "192.0.2.10")).statusCode).toBe(200);
  });

  it("refuses a batch that would pass the budget as a whole, and still serves what fits", async () => {
    const app = await server({ RATE_LIMIT_PER_MINUTE: "10" });
    // Budgets are kept in the database all servers of this file share: a client of its own.
    const client = "192.0.2.20";
    expect((await call(app, chainIdCalls(8), client)).statusCode).toBe(200);
    const tooMany = await call(app, chainIdCalls(3), client);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error.message).toContain("this body holds 3");
    expect((await call(app, chainIdCalls(2), client)).statusCode).toBe(200);
  });

  it("lets a client have 2 requests in flight and the server 3, refusing more at once with JSON-RPC errors", async () => {
    const app = await server({ RPC_CLIENT_CONCURRENCY: "2", RPC_MAX_CONCURRENCY: "3" });
    // The upstream's chain id is checked at first use: done before answers are held.
    expect((await call(app, { jsonrpc: "2.0", id: 0, method: "eth_blockNumber" }, "192.0.2.30")).statusCode).toBe(200);
    let open = () => {};
    relay.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    relay.methods.length = 0;
    try {
      // A different account each: identical reads in flight would share one upstream request.
      const balance = (id: number) => ({
        jsonrpc: "2.0",
        id,
        method: "eth_getBalance",
        params: [`0x${id.toString(16).padStart(40, "0")}`, "latest"],
      });
      const held = [call(app, balance(1), "198.51.100.1"), call(app, balance(2), "198.51.100.1")];
      await until(() => relay.methods.filter((method) => method === "eth_getBalance").length === 2);
      // A third from the same client: refused at once, never sent upstream (without a limit it would be).
      const third = call(app, balance(3), "198.51.100.1");
      await Promise.race([third, until(() => relay.methods.filter((m) => m === "eth_getBalance").length > 2)]);
      held.push(call(app, balance(4), "198.51.100.2"));
      await until(() => relay.methods.filter((method) => method === "eth_getBalance").length >= 3);
      const fourth = call(app, balance(5), "198.51.100.3");
      await Promise.race([fourth, until(() => relay.methods.filter((m) => m === "eth_getBalance").length > 3)]);
      open();

      const clientLimit = await third;
      expect(clientLimit.statusCode).toBe(429);
      expect(clientLimit.json().error).toMatchObject({
        code: -32005,
        message: expect.stringContaining("at most 2 requests at once per client"),
      });
      const serverLimit = await fourth;
      expect(serverLimit.statusCode).toBe(503);
      expect(serverLimit.json().error).toMatchObject({
        code: -32005,
        message: expect.stringContaining("limit of 3 requests at once"),
      });
      for (const answer of await Promise.all(held)) expect(answer.json().result).toMatch(/^0x/);
      // Places are given back when answers go out.
      expect((await call(app, balance(6), "198.51.100.1")).statusCode).toBe(200);
    } finally {
      open();
      relay.gate = undefined;
    }
  });
});

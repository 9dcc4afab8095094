import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

let anvil: RunningAnvil;
let storage: Storage;
let app: FastifyInstance;

beforeAll(async () => {
  anvil = await startAnvil();
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.rpcUrl,
    }),
    storage,
    { logger: false },
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

describe("the proxy's call budget when the database is gone", () => {
  it("still answers JSON-RPC reads: the chain stays readable while the budget cannot be counted", async () => {
    const call = { jsonrpc: "2.0", id: 1, method: "eth_chainId" };
    expect((await app.inject({ method: "POST", url: "/rpc/31337", payload: call })).json()).toMatchObject({
      result: "0x7a69",
    });
    await storage.close();
    // A batch of 10: more than this instance's lease of the budget has left, so the database is asked.
    const batch = Array.from({ length: 10 }, (_, id) => ({ ...call, id }));
    const answer = await app.inject({ method: "POST", url: "/rpc/31337", payload: batch });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toHaveLength(10);
    expect(answer.json()[9]).toMatchObject({ id: 9, result: "0x7a69" });
  });
});

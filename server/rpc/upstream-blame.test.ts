import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { type EndlessUpstream, startEndlessUpstream } from "../../tests/support/endless-upstream.ts";
import { type Relay, startRelay } from "../../tests/support/relay.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

const DEVNET_CHAIN = 31_337;
// A loop (JUMPDEST PUSH1 0 JUMP) run as init code with 5,000,000,000 gas: seconds of work on a healthy node.
const HEAVY_CALL = { data: "0x5b600056", gas: "0x12a05f200" };

let heavyNode: RunningAnvil;
let otherNode: RunningAnvil;
let primary: Relay;
let secondary: Relay;
let endless: EndlessUpstream;
let storage: Storage;
const servers: FastifyInstance[] = [];

async function server(upstreams: string[], env: Record<string, string> = {}) {
  const app = await buildServer(
    parseEnv({
      SERVE_KINDS: "devnet",
      LOG_LEVEL: "silent",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_TIMEOUT_MS: "500",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: upstreams.join(","),
      ...env,
    }),
    storage,
    { logger: false },
  );
  servers.push(app);
  return app;
}

function rpc(app: FastifyInstance, method: string, params: unknown[] = []) {
  return app.inject({
    method: "POST",
    url: `/rpc/${DEVNET_CHAIN}`,
    payload: { jsonrpc: "2.0", id: 1, method, params },
  });
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  // The primary runs calls as long as their gas lasts; the secondary caps a call's gas at its block's.
  [heavyNode, otherNode] = await Promise.all([startAnvil({ extraArgs: ["--disable-block-gas-limit"] }), startAnvil()]);
  [primary, secondary, endless] = await Promise.all([
    startRelay(heavyNode.rpcUrl),
    startRelay(otherNode.rpcUrl),
    startEndlessUpstream(DEVNET_CHAIN),
  ]);
});

afterAll(async () => {
  for (const app of servers) await app.close();
  await Promise.all([primary?.close(), secondary?.close(), endless?.close()]);
  await Promise.all([heavyNode?.stop(), otherNode?.stop()]);
  await storage?.close();
});

beforeEach(() => {
  primary.methods.length = 0;
  secondary.methods.length = 0;
});

describe("JSON-RPC proxy failover blames upstreams only for their own failures", () => {
  it("answers a client's call that outlasts the timeout on a healthy primary with a limit error; the next request still goes to the primary", async () => {
    const app = await server([primary.url, secondary.url]);
    const heavy = await rpc(app, "eth_call", [HEAVY_CALL, "latest"]);
    expect(heavy.statusCode).toBe(200);
    expect(heavy.json().error).toMatchObject({
      code: -32005,
      message: expect.stringContaining("did not finish this request within 500 ms"),
    });
    expect(secondary.methods).toEqual([]);

    expect((await rpc(app, "eth_blockNumber")).json().result).toMatch(/^0x/);
    expect(primary.methods.at(-1)).toBe("eth_blockNumber");
    expect(secondary.methods).toEqual([]);
  });

  it("drops the upstream exchange of a client that hangs up, and blames no upstream for it", async () => {
    const app = await server([primary.url, secondary.url]);
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    await rpc(app, "eth_blockNumber"); // the primary's chain id is checked at first use
    const droppedBefore = primary.dropped;
    const hangUp = new AbortController();
    const abandoned = fetch(`${address}/rpc/${DEVNET_CHAIN}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_call", params: [HEAVY_CALL, "latest"] }),
      signal: hangUp.signal,
    }).catch(() => "hung up");
    await until(() => primary.methods.includes("eth_call"));
    hangUp.abort();
    expect(await abandoned).toBe("hung up");
    await until(() => primary.dropped > droppedBefore);

    expect((await rpc(app, "eth_blockNumber")).json().result).toMatch(/^0x/);
    expect(primary.methods.at(-1)).toBe("eth_blockNumber");
    expect(secondary.methods).toEqual([]);
  });

  it("cuts an answer off while it streams, once it passes the size limit, and asks no other upstream", async () => {
    const app = await server([endless.url, secondary.url], { RPC_RESPONSE_LIMIT_BYTES: "1048576" });
    const answer = await rpc(app, "eth_getLogs", [{ fromBlock: "latest" }]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().error).toMatchObject({
      code: -32005,
      message: expect.stringContaining("larger than 1048576 bytes"),
    });
    await endless.cutOff;
    // Sent before the cut: the 1 MiB read plus what the sockets buffer (about 4 MB here), not the 32 MiB that
    // used to be read before any check.
    expect(endless.sentBytes()).toBeLessThan(16 * 1_048_576);
    expect(secondary.methods).toEqual([]);
  });
});

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { type Relay, startRelay } from "../../tests/support/relay.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

const DEVNET_CHAIN = 31_337;
const HEAD = 10_000_000;
const hex = (value: number) => `0x${value.toString(16)}`;
// Contracts placed with anvil_setCode whose every call returns that many zero bytes: PUSH4 size PUSH1 0 RETURN.
const RETURNS_1_MB = "0x0000000000000000000000000000000000100001";
const RETURNS_6_MB = "0x0000000000000000000000000000000000600001";
const returning = (bytes: number) => `0x63${bytes.toString(16).padStart(8, "0")}6000f3`;

let anvil: RunningAnvil;
let primary: Relay;
let secondary: Relay;
let storage: Storage;
let app: FastifyInstance;
let genesisDir: string;

async function direct(method: string, params: unknown[] = []) {
  const response = await fetch(anvil.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

async function rpc(method: string, params: unknown[]) {
  const response = await app.inject({
    method: "POST",
    url: `/rpc/${DEVNET_CHAIN}`,
    payload: { jsonrpc: "2.0", id: 7, method, params },
  });
  return { status: response.statusCode, body: response.json() };
}

const sent = () => [...primary.methods, ...secondary.methods];

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  // A chain ten million blocks long, as real ones are, with room in a block for calls that return megabytes.
  genesisDir = await mkdtemp(join(tmpdir(), "call-params-"));
  const genesis = join(genesisDir, "genesis.json");
  await writeFile(genesis, JSON.stringify({ config: { chainId: DEVNET_CHAIN }, number: hex(HEAD) }));
  anvil = await startAnvil({ extraArgs: ["--init", genesis, "--gas-limit", "200000000"] });
  await direct("anvil_setCode", [RETURNS_1_MB, returning(1_000_000)]);
  await direct("anvil_setCode", [RETURNS_6_MB, returning(6_000_000)]);
  [primary, secondary] = await Promise.all([startRelay(anvil.rpcUrl), startRelay(anvil.rpcUrl)]);
  app = await buildServer(
    parseEnv({
      SERVE_KINDS: "devnet",
      LOG_LEVEL: "silent",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: `${primary.url},${secondary.url}`,
    }),
    storage,
    { logger: false },
  );
  await rpc("eth_blockNumber", []); // the primary's chain id is checked at first use
});

afterAll(async () => {
  await app?.close();
  await Promise.all([primary?.close(), secondary?.close()]);
  await anvil?.stop();
  await storage?.close();
  if (genesisDir) await rm(genesisDir, { recursive: true, force: true });
});

beforeEach(() => {
  primary.methods.length = 0;
  secondary.methods.length = 0;
});

describe("JSON-RPC proxy parameters", () => {
  it("refuses eth_getLogs over 10,000 blocks, naming the cap and the range asked, with tags resolved", async () => {
    const everything = await rpc("eth_getLogs", [{ fromBlock: "earliest", toBlock: "latest" }]);
    expect(everything.body).toMatchObject({ id: 7, error: { code: -32005 } });
    expect(everything.body.error.message).toContain("at most 10000 blocks");
    expect(everything.body.error.message).toContain(`${HEAD + 1} blocks (0x0 to ${hex(HEAD)})`);
    expect(sent()).toEqual(["eth_blockNumber"]); // "latest" looked up, the logs never asked for

    const justOver = await rpc("eth_getLogs", [{ fromBlock: hex(HEAD - 10_000), toBlock: "latest" }]);
    expect(justOver.body.error.message).toContain("10001 blocks");
    const numbers = await rpc("eth_getLogs", [{ fromBlock: "0x1", toBlock: hex(10_001) }]);
    expect(numbers.body.error.message).toContain("10001 blocks (0x1 to 0x2711)");
    expect(sent().filter((method) => method === "eth_getLogs")).toEqual([]);

    const head = (await direct("eth_getBlockByNumber", ["latest", false])) as { hash: string };
    for (const filter of [
      { fromBlock: hex(HEAD - 9_999), toBlock: "latest" },
      { fromBlock: "latest" },
      {},
      { blockHash: head.hash },
    ]) {
      expect((await rpc("eth_getLogs", [filter])).body).toEqual({ jsonrpc: "2.0", id: 7, result: [] });
    }

    const malformed = await rpc("eth_getLogs", [{ fromBlock: "yesterday" }]);
    expect(malformed.body.error).toMatchObject({ code: -32602, message: expect.stringContaining("fromBlock") });
    const both = await rpc("eth_getLogs", [{ blockHash: head.hash, fromBlock: "0x1" }]);
    expect(both.body.error).toMatchObject({ code: -32602, message: expect.stringContaining("either blockHash") });
  });

  it("refuses eth_call and eth_estimateGas with state or block overrides, and sends them nowhere", async () => {
    const call = { to: "0x000000000000000000000000000000000000dEaD", data: "0x" };
    const stateOverride = { "0x000000000000000000000000000000000000dEaD": { code: "0x60016000526020600060f3" } };
    for (const [method, params, what] of [
      ["eth_call", [call, "latest", stateOverride], "state overrides"],
      ["eth_estimateGas", [call, "latest", stateOverride], "state overrides"],
      ["eth_call", [call, "latest", null, { number: "0x1" }], "block overrides"],
    ] as const) {
      const { status, body } = await rpc(method, [...params]);
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: 7, error: { code: -32602, message: expect.stringContaining(what) } });
    }
    expect(sent()).toEqual([]);
    expect((await rpc("eth_call", [call, "latest"])).body).toEqual({ jsonrpc: "2.0", id: 7, result: "0x" });
  });

  it("refuses an answer over 10 MiB with a limit error and asks no other upstream; 1 MB passes", async () => {
    const gas = "0xbebc200"; // 200,000,000
    const oneMegabyte = await rpc("eth_call", [{ to: RETURNS_1_MB, gas }, "latest"]);
    expect(oneMegabyte.body.result).toHaveLength(2 + 2_000_000);

    const sixMegabytes = await rpc("eth_call", [{ to: RETURNS_6_MB, gas }, "latest"]);
    expect(sixMegabytes.status).toBe(200);
    expect(sixMegabytes.body).toMatchObject({
      id: 7,
      error: { code: -32005, message: expect.stringContaining("larger than 10485760 bytes") },
    });
    expect(secondary.methods).toEqual([]);
    // The primary was not blamed for the client's large answer: the next request goes to it again.
    await rpc("eth_getBalance", ["0x000000000000000000000000000000000000dEaD", "latest"]);
    expect(primary.methods).toContain("eth_getBalance");
    expect(secondary.methods).toEqual([]);
  });
});

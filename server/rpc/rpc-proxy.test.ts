import type { FastifyInstance } from "fastify";
import { createPublicClient, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { freePort } from "../../tests/support/free-port.ts";
import { type Relay, startRelay } from "../../tests/support/relay.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

// anvil's first default dev account (public test key, funded only on local chains).
const DEV_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const DEV_ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const DEVNET_CHAIN = 31_337;

let anvil: RunningAnvil;
let wrongChain: RunningAnvil;
let relay: Relay;
let app: FastifyInstance;
let deadUrl: string;

async function rpc(body: unknown, path = `/rpc/${DEVNET_CHAIN}`) {
  const response = await app.inject({ method: "POST", url: path, payload: body as object });
  return { status: response.statusCode, headers: response.headers, body: response.body ? response.json() : undefined };
}

async function direct(method: string, params: unknown[] = []) {
  const response = await fetch(anvil.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

let memoryStorage: Storage;
beforeAll(async () => {
  memoryStorage = await openStorage({ dataDir: "memory://" });
  [anvil, wrongChain] = await Promise.all([startAnvil(), startAnvil({ chainId: 999 })]);
  relay = await startRelay(anvil.rpcUrl);
  deadUrl = `http://127.0.0.1:${await freePort()}`;
  const config = parseEnv({
    SERVE_KINDS: "devnet",
    LOG_LEVEL: "silent",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_TIMEOUT_MS: "500",
    RPC_BATCH_LIMIT: "10",
    RPC_BODY_LIMIT_BYTES: "4096",
    RPC_FINALITY_CHECK_MS: "1",
    // A dead node, then a node on the wrong chain, then the real chain behind a relay that counts requests.
    RPC_UPSTREAMS_ETHEREUM_DEVNET: [deadUrl, wrongChain.rpcUrl, relay.url].join(","),
  });
  app = await buildServer(config, memoryStorage, { logger: false });
});

afterAll(async () => {
  await app?.close();
  await relay?.close();
  await Promise.all([anvil?.stop(), wrongChain?.stop()]);
});

beforeEach(() => {
  relay.hang = false;
  relay.methods.length = 0;
});

describe("JSON-RPC proxy", () => {
  it("reads the chain through the first healthy upstream on the configured chain, skipping a dead one and one on another chain", async () => {
    const { status, body } = await rpc({
      jsonrpc: "2.0",
      id: "a",
      method: "eth_getBalance",
      params: [DEV_ADDRESS, "latest"],
    });
    expect(status).toBe(200);
    expect(body).toEqual({ jsonrpc: "2.0", id: "a", result: await direct("eth_getBalance", [DEV_ADDRESS, "latest"]) });
    expect(relay.methods).toContain("eth_getBalance");
  });

  it("never forwards signing, node administration or test-chain methods, so server-side accounts stay untouched", async () => {
    const nonceBefore = await direct("eth_getTransactionCount", [DEV_ADDRESS, "latest"]);
    const balanceBefore = await direct("eth_getBalance", [DEV_ADDRESS, "latest"]);
    const { body } = await rpc([
      {
        jsonrpc: "2.0",
        id: 1,
        method: "eth_sendTransaction",
        params: [{ from: DEV_ADDRESS, to: DEV_ADDRESS, value: "0x1" }],
      },
      { jsonrpc: "2.0", id: 2, method: "personal_sign", params: ["0x00", DEV_ADDRESS] },
      { jsonrpc: "2.0", id: 3, method: "anvil_setBalance", params: [DEV_ADDRESS, "0x0"] },
      { jsonrpc: "2.0", id: 4, method: "debug_traceTransaction", params: ["0x00"] },
      { jsonrpc: "2.0", id: 5, method: "admin_peers" },
      { jsonrpc: "2.0", id: 6, method: "eth_sign", params: [DEV_ADDRESS, "0x00"] },
      { jsonrpc: "2.0", id: 7, method: "no_such_method" },
    ]);
    expect(body.map((answer: { error: { code: number } }) => answer.error.code)).toEqual([
      -32004, -32004, -32004, -32004, -32004, -32004, -32601,
    ]);
    expect(relay.methods).toEqual([]);
    expect(await direct("eth_getTransactionCount", [DEV_ADDRESS, "latest"])).toBe(nonceBefore);
    expect(await direct("eth_getBalance", [DEV_ADDRESS, "latest"])).toBe(balanceBefore);
  });

  it("broadcasts a transaction the user signed in their own wallet, and it lands on chain", async () => {
    const account = privateKeyToAccount(DEV_KEY);
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const nonce = await client.getTransactionCount({ address: account.address });
    const fees = await client.estimateFeesPerGas();
    const signed = await account.signTransaction({
      chainId: DEVNET_CHAIN,
      type: "eip1559",
      to: "0x000000000000000000000000000000000000dEaD",
      value: parseEther("1"),
      nonce,
      gas: 21_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const { body } = await rpc({ jsonrpc: "2.0", id: 9, method: "eth_sendRawTransaction", params: [signed] });
    expect(body.result).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await client.waitForTransactionReceipt({ hash: body.result });
    expect(receipt.status).toBe("success");
  });

  it("answers a batch in the client's order with the client's ids, even repeated or odd ones", async () => {
    const { body } = await rpc([
      { jsonrpc: "2.0", id: "x", method: "eth_chainId" },
      { jsonrpc: "1.0", id: 5, method: "eth_chainId" },
      { jsonrpc: "2.0", id: "x", method: "eth_blockNumber" },
      { jsonrpc: "2.0", id: 0.5, method: "net_version" },
      "not a request",
    ]);
    expect(body).toHaveLength(5);
    expect(body[0]).toEqual({ jsonrpc: "2.0", id: "x", result: "0x7a69" });
    expect(body[1]).toMatchObject({ id: 5, error: { code: -32600 } });
    expect(body[2]).toMatchObject({ id: "x", result: expect.stringMatching(/^0x/) });
    expect(body[3]).toEqual({ jsonrpc: "2.0", id: 0.5, result: "31337" });
    expect(body[4]).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it("passes the node's own errors through unchanged, such as a revert with its data", async () => {
    const { body } = await rpc({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_call",
      // PUSH1 0 PUSH1 0 REVERT as init code: a call that always reverts
      params: [{ data: "0x60006000fd" }, "latest"],
    });
    expect(body.error.code).toBe(3);
    expect(body.error.message).toMatch(/revert/i);
  });

  it("refuses an empty batch, a batch over the limit, and a body over the size limit with JSON-RPC errors", async () => {
    expect((await rpc([])).body).toMatchObject({ id: null, error: { code: -32600 } });
    const tooMany = await rpc(Array.from({ length: 11 }, (_, id) => ({ jsonrpc: "2.0", id, method: "eth_chainId" })));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error).toMatchObject({ code: -32005, message: expect.stringContaining("at most 10") });
    const huge = await rpc({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_call",
      params: [{ data: `0x${"00".repeat(4096)}` }, "latest"],
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe(-32005);
    expect(relay.methods).toEqual([]);
  });

  it("answers malformed JSON with a parse error and a notification with nothing", async () => {
    const broken = await app.inject({
      method: "POST",
      url: `/rpc/${DEVNET_CHAIN}`,
      headers: { "content-type": "application/json" },
      payload: '{"jsonrpc":"2.0",',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe(-32700);
    const notification = await rpc({ jsonrpc: "2.0", method: "eth_blockNumber" });
    expect(notification.status).toBe(204);
  });

  it("serves the chain id and finalized blocks by hash from the cache once the upstream's finalized block is known", async () => {
    const block = (await direct("eth_getBlockByNumber", ["0x0", false])) as { hash: string };
    const request = { jsonrpc: "2.0", id: 1, method: "eth_getBlockByHash", params: [block.hash, false] };
    // The first answer makes the proxy ask the upstream for its finalized block; answers after that are kept.
    for (let round = 0; round < 3; round++) expect((await rpc(request)).body.result.hash).toBe(block.hash);
    expect(relay.methods.filter((method) => method === "eth_getBlockByHash")).toHaveLength(2);
    expect(relay.methods).toContain("eth_getBlockByNumber");
    relay.methods.length = 0;
    await rpc({ jsonrpc: "2.0", id: 2, method: "eth_chainId" });
    expect(relay.methods).toEqual([]);
  });

  it("caches receipts only once their block is at or below the upstream's finalized block", async () => {
    // anvil mines the transaction at once and finalizes the block 64 behind its head.
    const target = await direct("eth_sendTransaction", [
      { from: DEV_ADDRESS, to: "0x000000000000000000000000000000000000dEaD", value: "0x1" },
    ]);
    const receiptRequest = { jsonrpc: "2.0", id: 1, method: "eth_getTransactionReceipt", params: [target] };
    for (let round = 0; round < 3; round++) await rpc(receiptRequest);
    expect(relay.methods.filter((method) => method === "eth_getTransactionReceipt")).toHaveLength(3);

    await direct("anvil_mine", ["0x50"]);
    relay.methods.length = 0;
    for (let round = 0; round < 3; round++)
      expect((await rpc(receiptRequest)).body.result.transactionHash).toBe(target);
    expect(relay.methods.filter((method) => method === "eth_getTransactionReceipt")).toHaveLength(2);
  });

  it("answers 503 with Retry-After and a JSON-RPC error when no upstream answers in time", async () => {
    relay.hang = true;
    const started = Date.now();
    const { status, headers, body } = await rpc({ jsonrpc: "2.0", id: 7, method: "eth_blockNumber" });
    expect(status).toBe(503);
    expect(headers["retry-after"]).toBe("5");
    expect(body).toMatchObject({
      id: 7,
      error: { code: -32002, message: expect.stringContaining("no upstream node answered") },
    });
    expect(JSON.stringify(body)).not.toContain(relay.url.split("//")[1]?.split(":")[1] ?? "never");
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

import { request } from "node:http";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { devnetRpcProxy } from "../../tests/support/devnet-rpc-proxy.ts";
import { type StandInCall, type StandInUpstream, startStandInUpstream } from "../../tests/support/stand-in-upstream.ts";
import { openStorage, type Storage } from "../storage/database.ts";

const CHAIN = 31_337;
const METRICS_TOKEN = "proxy-bytes-metrics-token";
const FINALIZED = 0x10;

let storage: Storage;
let upstream: StandInUpstream;
let app: FastifyInstance;
let address: string;

/** A balance that names the account it is for, so each answer shows which request it answers. */
function balanceOf(call: StandInCall): string {
  return `"result":"0x${String((call.params as string[])[0]).slice(-4)}"`;
}

function answerOf(call: StandInCall): string {
  const params = (call.params ?? []) as unknown[];
  if (call.method === "eth_getBalance") return balanceOf(call);
  if (call.method === "eth_blockNumber") return '"result":"0x20"';
  if (call.method === "eth_getBlockByNumber") {
    const number = params[0] === "finalized" ? `0x${FINALIZED.toString(16)}` : String(params[0]);
    return `"result":{"number":"${number}","hash":"0x${"ab".repeat(32)}","transactions":[]}`;
  }
  if (call.method === "eth_call") {
    return '"error":{"code":3,"message":"execution reverted: not allowed","data":"0x08c379a0"}';
  }
  return '"result":null';
}

function balanceRequest(id: string | number, account: string) {
  return { jsonrpc: "2.0", id, method: "eth_getBalance", params: [account, "latest"] };
}

function post(body: unknown): Promise<{ status: number; text: string }> {
  return fetch(`${address}/rpc/${CHAIN}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, text: await response.text() }));
}

async function coalesced(): Promise<number> {
  const response = await fetch(`${address}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await response.text()).split("\n").find((text) => text.startsWith("rpc_coalesced_reads_total{"));
  return Number(line?.split(" ").at(-1) ?? 0);
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Holds the stand-in's answers until the returned function is called. */
function hold(): () => void {
  let open = () => {};
  upstream.gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    open();
    upstream.gate = undefined;
  };
}

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  upstream = await startStandInUpstream(CHAIN);
  app = await devnetRpcProxy(storage, upstream.url, {
    RPC_CLIENT_CONCURRENCY: "64",
    RPC_FINALITY_CHECK_MS: "1",
    RPC_RESPONSE_LIMIT_BYTES: String(8 * 1024 * 1024),
    METRICS_TOKEN,
  });
  address = await app.listen({ host: "127.0.0.1", port: 0 });
  // The upstream's chain id is checked at first use: done here, so the tests count only their own calls.
  await post({ jsonrpc: "2.0", id: 0, method: "eth_blockNumber" });
});

afterAll(async () => {
  await app?.close();
  await upstream?.close();
  await storage?.close();
});

beforeEach(() => {
  upstream.answer = answerOf;
  upstream.reverseBatches = false;
  upstream.calls.length = 0;
  upstream.requests = 0;
});

describe("JSON-RPC proxy: coalescing, bytes and the cache", () => {
  it("sends 20 identical concurrent reads upstream once and answers each client with its own id", async () => {
    const before = await coalesced();
    const open = hold();
    const ids = Array.from({ length: 20 }, (_, n) => (n % 2 ? `client-${n}` : n * 7));
    const answers = ids.map((id) => post(balanceRequest(id, "0x00000000000000000000000000000000000000a1")));
    await until(async () => upstream.calls.length === 1 && (await coalesced()) === before + 19);
    open();
    const texts = (await Promise.all(answers)).map(({ text }) => JSON.parse(text));
    expect(texts).toEqual(ids.map((id) => ({ jsonrpc: "2.0", id, result: "0x00a1" })));
    expect(upstream.calls.map(({ method }) => method)).toEqual(["eth_getBalance"]);
    expect(upstream.requests).toBe(1);
  });

  it("coalesces within batches too, keeping each client's order and ids, whatever order the node answers in", async () => {
    upstream.reverseBatches = true;
    const open = hold();
    const first = post([
      balanceRequest("a", "0x00000000000000000000000000000000000000b1"),
      balanceRequest("b", "0x00000000000000000000000000000000000000b2"),
    ]);
    await until(() => upstream.calls.length === 2);
    const second = post([
      balanceRequest(1, "0x00000000000000000000000000000000000000b2"),
      balanceRequest(2, "0x00000000000000000000000000000000000000b3"),
      balanceRequest(3, "0x00000000000000000000000000000000000000b1"),
    ]);
    await until(() => upstream.calls.length === 3);
    open();
    expect(JSON.parse((await first).text)).toEqual([
      { jsonrpc: "2.0", id: "a", result: "0x00b1" },
      { jsonrpc: "2.0", id: "b", result: "0x00b2" },
    ]);
    expect(JSON.parse((await second).text)).toEqual([
      { jsonrpc: "2.0", id: 1, result: "0x00b2" },
      { jsonrpc: "2.0", id: 2, result: "0x00b3" },
      { jsonrpc: "2.0", id: 3, result: "0x00b1" },
    ]);
    // b1 and b2 went up once each, with the first batch; the second batch sent only b3.
    expect(upstream.calls.map(({ params }) => (params as string[])[0]?.slice(-2))).toEqual(["b1", "b2", "b3"]);
  });

  it("still answers the other clients of a shared read when the one whose request went upstream hangs up", async () => {
    const open = hold();
    const body = JSON.stringify(balanceRequest(1, "0x00000000000000000000000000000000000000c1"));
    // A connection of its own, so hanging up closes it (not one the other requests share).
    const leaving = request(`${address}/rpc/${CHAIN}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    const leaver = new Promise((resolve) => leaving.once("error", () => resolve("hung up")));
    leaving.end(body);
    await until(() => upstream.calls.length === 1);
    const before = await coalesced();
    const stayer = post(balanceRequest("stays", "0x00000000000000000000000000000000000000c1"));
    await until(async () => (await coalesced()) === before + 1);
    leaving.destroy();
    expect(await leaver).toBe("hung up");
    open();
    expect(JSON.parse((await stayer).text)).toEqual({ jsonrpc: "2.0", id: "stays", result: "0x00c1" });
    expect(upstream.calls).toHaveLength(1);
  });

  it("passes a large answer on byte for byte, with only the id changed to the client's", async () => {
    // Formatting a parse and re-serialisation would change: spaces, \u escapes, 1.50, key order, big numbers.
    const receipt = (n: number) =>
      `{ "z": "caf\\u00e9 ${n}", "amount": 1.50, "big": 123456789012345678901234567890, "a": [ 1, 2 ,3 ], "data": "0x${"0f".repeat(512)}" }`;
    const result = `[${Array.from({ length: 2000 }, (_, n) => receipt(n)).join(" ,\n ")}]`;
    expect(result.length).toBeGreaterThan(2_000_000);
    upstream.answer = (call) => (call.method === "eth_getBlockReceipts" ? `"result": ${result}` : answerOf(call));
    const { status, text } = await post({ jsonrpc: "2.0", id: "big", method: "eth_getBlockReceipts", params: ["0x5"] });
    expect(status).toBe(200);
    expect(text).toBe(`{"jsonrpc":"2.0","id":"big","result":${result}}`);
  });

  it("passes the node's error object on unchanged as the client's JSON-RPC error", async () => {
    const { status, text } = await post({
      jsonrpc: "2.0",
      id: 9,
      method: "eth_call",
      params: [{ data: "0x" }, "latest"],
    });
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({
      jsonrpc: "2.0",
      id: 9,
      error: { code: 3, message: "execution reverted: not allowed", data: "0x08c379a0" },
    });
  });

  it("answers a finalized block from the cache without touching the upstream, and never keeps a newer one", async () => {
    const request = (id: number) => ({ jsonrpc: "2.0", id, method: "eth_getBlockByNumber", params: ["0x5", false] });
    // The first answer makes the proxy learn the upstream's finalized block (0x10); answers after that are kept.
    await post(request(1));
    await post(request(2));
    const callsBefore = upstream.calls.length;
    const requestsBefore = upstream.requests;
    const cached = await post(request(3));
    expect(cached.text).toBe(
      `{"jsonrpc":"2.0","id":3,"result":{"number":"0x5","hash":"0x${"ab".repeat(32)}","transactions":[]}}`,
    );
    expect(upstream.calls.length).toBe(callsBefore);
    expect(upstream.requests).toBe(requestsBefore);
    // A block above the finalized one is never kept: each request goes upstream.
    const recent = { jsonrpc: "2.0", id: 4, method: "eth_getBlockByNumber", params: ["0x11", false] };
    for (let round = 0; round < 3; round++) await post(recent);
    expect(upstream.calls.filter(({ params }) => (params as unknown[])[0] === "0x11")).toHaveLength(3);
  });

  it("sets aside an upstream whose answer is cut off, and answers from the next one", async () => {
    const broken = await startStandInUpstream(CHAIN);
    broken.answer = (call) => (call.method === "eth_getBalance" ? '"result":{"unclosed":"0x1"' : answerOf(call));
    const both = await devnetRpcProxy(storage, `${broken.url},${upstream.url}`);
    try {
      for (const id of [1, 2]) {
        const answer = await both.inject({
          method: "POST",
          url: `/rpc/${CHAIN}`,
          payload: balanceRequest(id, "0x00000000000000000000000000000000000000d1"),
        });
        expect(answer.json()).toEqual({ jsonrpc: "2.0", id, result: "0x00d1" });
      }
      // Asked once, then cooling down: the second request went to the good upstream only.
      expect(broken.calls.filter(({ method }) => method === "eth_getBalance")).toHaveLength(1);
      expect(upstream.calls.filter(({ method }) => method === "eth_getBalance")).toHaveLength(2);
    } finally {
      await both.close();
      await broken.close();
    }
  });

  it("sends the credentials of an upstream URL as Basic authorization, never in the request line", async () => {
    const keyed = await devnetRpcProxy(storage, upstream.url.replace("http://", "http://reader:s%40cret@"));
    try {
      const answer = await keyed.inject({
        method: "POST",
        url: `/rpc/${CHAIN}`,
        payload: balanceRequest(1, "0x00000000000000000000000000000000000000e1"),
      });
      expect(answer.json().result).toBe("0x00e1");
      expect(upstream.authorization).toBe(`Basic ${Buffer.from("reader:s@cret").toString("base64")}`);
    } finally {
      await keyed.close();
    }
  });

  it("sets the same security headers on its answers as every other route", async () => {
    const rpc = await app.inject({
      method: "POST",
      url: `/rpc/${CHAIN}`,
      payload: { jsonrpc: "2.0", id: 1, method: "eth_chainId" },
    });
    const health = await app.inject({ method: "GET", url: "/health" });
    for (const name of [
      "content-security-policy",
      "x-content-type-options",
      "strict-transport-security",
      "x-frame-options",
    ]) {
      expect(rpc.headers[name]).toBeDefined();
      expect(rpc.headers[name]).toBe(health.headers[name]);
    }
    expect(rpc.headers["content-type"]).toBe("application/json; charset=utf-8");
  });
});

import { EventEmitter } from "node:events";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { devnetRpcProxy } from "../../tests/support/devnet-rpc-proxy.ts";
import { type StandInCall, type StandInUpstream, startStandInUpstream } from "../../tests/support/stand-in-upstream.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { CombinedReads } from "./combined-reads.ts";
import type { ClientConnection } from "./post-json.ts";
import { SharedAudience } from "./shared-audience.ts";
import type { Outcome, Read } from "./upstream-reads.ts";

const CHAIN = 31_337;

let storage: Storage;
let upstream: StandInUpstream;
let app: FastifyInstance;

function answerOf(call: StandInCall): string {
  const [account] = (call.params ?? []) as string[];
  if (call.method === "eth_getBalance") return `"result":"0x${String(account).slice(-4)}"`;
  if (call.method === "eth_call") return '"result":"0xca11"';
  return '"result":null';
}

const balance = (id: number | string, account: string) => ({
  jsonrpc: "2.0",
  id,
  method: "eth_getBalance",
  params: [account, "latest"],
});
const account = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

/** Sends the bodies at once, as clients whose requests reach the server together. */
function together(bodies: readonly object[]): Promise<unknown[]> {
  return Promise.all(
    bodies.map((payload) =>
      app.inject({ method: "POST", url: `/rpc/${CHAIN}`, payload }).then((answer) => answer.json()),
    ),
  );
}

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  upstream = await startStandInUpstream(CHAIN);
  app = await devnetRpcProxy(storage, upstream.url, {
    RATE_LIMIT_PER_MINUTE: "100000",
    RPC_CLIENT_CONCURRENCY: "64",
    RPC_COMBINE_MAX_CALLS: "4",
  });
  // The upstream's chain id is checked and the client's call budget leased at first use: done here.
  await together([balance(0, account(0xfff))]);
});

afterAll(async () => {
  await app?.close();
  await upstream?.close();
  await storage?.close();
});

beforeEach(() => {
  upstream.answer = answerOf;
  upstream.calls.length = 0;
  upstream.batches.length = 0;
  upstream.requests = 0;
});

const sizes = () => upstream.batches.map((calls) => calls.length);

describe("JSON-RPC proxy: reads of different clients combined upstream", () => {
  it("sends 3 clients' distinct balance reads upstream in one batch and answers each with its own id and result", async () => {
    const answers = await together([
      balance("a", account(0xa1)),
      balance(7, account(0xa2)),
      balance("c", account(0xa3)),
    ]);
    expect(answers).toEqual([
      { jsonrpc: "2.0", id: "a", result: "0x00a1" },
      { jsonrpc: "2.0", id: 7, result: "0x00a2" },
      { jsonrpc: "2.0", id: "c", result: "0x00a3" },
    ]);
    expect(upstream.requests).toBe(1);
    expect(upstream.calls.map(({ params }) => (params as string[])[0])).toEqual([
      account(0xa1),
      account(0xa2),
      account(0xa3),
    ]);
  });

  it("puts at most RPC_COMBINE_MAX_CALLS (4) calls in one upstream batch, and sends a client's batch of 4 on its own", async () => {
    const answers = await together(Array.from({ length: 6 }, (_, n) => balance(n, account(0xb0 + n))));
    expect(answers.map((answer) => (answer as { result: string }).result)).toEqual([
      "0x00b0",
      "0x00b1",
      "0x00b2",
      "0x00b3",
      "0x00b4",
      "0x00b5",
    ]);
    expect(sizes()).toEqual([4, 2]);
    upstream.batches.length = 0;
    const own = Array.from({ length: 4 }, (_, n) => balance(n, account(0xc0 + n)));
    await together([own, balance("other", account(0xc9))]);
    expect(sizes()).toEqual([4, 1]);
  });

  it("never combines an eth_call with other clients' reads: it goes upstream in a request of its own", async () => {
    const call = { jsonrpc: "2.0", id: "call", method: "eth_call", params: [{ to: account(1), data: "0x" }, "latest"] };
    const answers = await together([balance(1, account(0xd1)), call, balance(2, account(0xd2))]);
    expect(answers).toEqual([
      { jsonrpc: "2.0", id: 1, result: "0x00d1" },
      { jsonrpc: "2.0", id: "call", result: "0xca11" },
      { jsonrpc: "2.0", id: 2, result: "0x00d2" },
    ]);
    expect(upstream.batches.map((calls) => calls.map(({ method }) => method))).toEqual([
      ["eth_call"],
      ["eth_getBalance", "eth_getBalance"],
    ]);
  });

  it("sends each client's read again on its own when their combined answer passes the size limit", async () => {
    const small = await devnetRpcProxy(storage, upstream.url, {
      RPC_RESPONSE_LIMIT_BYTES: "700",
      RATE_LIMIT_PER_MINUTE: "100000",
    });
    const data = (call: StandInCall) =>
      `0x${String((call.params as string[])[0])
        .slice(-2)
        .repeat(150)}`;
    upstream.answer = (call) => `"result":{"blockNumber":"0x1","logsBloom":"${data(call)}"}`;
    const receipt = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "eth_getTransactionReceipt",
      params: [`0x${String(id).padStart(64, "e")}`],
    });
    try {
      await small.inject({ method: "POST", url: `/rpc/${CHAIN}`, payload: balance(0, account(1)) });
      upstream.batches.length = 0;
      const answers = await Promise.all(
        [1, 2, 3].map((id) =>
          small.inject({ method: "POST", url: `/rpc/${CHAIN}`, payload: receipt(id) }).then((answer) => answer.json()),
        ),
      );
      // About 330 bytes each: 3 together pass 700 bytes, each alone does not.
      expect(answers).toEqual(
        [1, 2, 3].map((id) => ({
          jsonrpc: "2.0",
          id,
          result: { blockNumber: "0x1", logsBloom: `0x${`e${id}`.repeat(150)}` },
        })),
      );
      // (The proxy's own finalized-block checks go up too; only the receipts are counted here.)
      const receipts = upstream.batches.filter((calls) => calls[0]?.method === "eth_getTransactionReceipt");
      expect(receipts.map((calls) => calls.length)).toEqual([3, 1, 1, 1]);
    } finally {
      await small.close();
    }
  });
});

/** A client's HTTP connection as the proxy sees it: it can hang up before its answer. */
class Connection extends EventEmitter implements ClientConnection {
  destroyed = false;
  readonly writableFinished = false;
  hangUp(): void {
    this.destroyed = true;
    this.emit("close");
  }
}

describe("a combined upstream exchange and its clients", () => {
  it("is kept while one of its two clients still waits, hands each its own answer, and counts as gone once both hung up", async () => {
    let audience: ClientConnection | undefined;
    let answer: (outcomes: Outcome[]) => void = () => {};
    const combined = new CombinedReads(20, (_reads, waiting) => {
      audience = waiting;
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    const read = (n: number): Read => {
      const params = JSON.stringify([account(n), "latest"]);
      return { request: { jsonrpc: "2.0", id: n, method: "eth_getBalance" }, paramsJson: params, key: params };
    };
    const [first, second] = [new Connection(), new Connection()];
    const firstOutcome = combined.send([read(1)], new SharedAudience(first));
    const secondOutcome = combined.send([read(2)], new SharedAudience(second));
    await new Promise((resolve) => setImmediate(resolve));
    let dropped = false;
    audience?.once("close", () => {
      dropped = true;
    });
    first.hangUp();
    expect(audience?.destroyed).toBe(false);
    expect(dropped).toBe(false);
    answer([{ result: Buffer.from('"0x1"') }, { result: Buffer.from('"0x2"') }]);
    expect((await secondOutcome)[0]).toEqual({ result: Buffer.from('"0x2"') });
    expect((await firstOutcome)[0]).toEqual({ result: Buffer.from('"0x1"') });
    second.hangUp();
    expect(audience?.destroyed).toBe(true);
    expect(dropped).toBe(true);
  });
});

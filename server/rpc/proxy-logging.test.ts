import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StandInUpstream, startStandInUpstream } from "../../tests/support/stand-in-upstream.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

const CHAIN = 31_337;

let storage: Storage;
let upstream: StandInUpstream;
let app: FastifyInstance;
const lines: Array<{ level: number; msg: string; req?: { url?: string }; res?: { statusCode?: number } }> = [];

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  upstream = await startStandInUpstream(CHAIN);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildServer(
    parseEnv({
      SERVE_KINDS: "devnet",
      LOG_LEVEL: "info",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: upstream.url,
      RPC_BATCH_LIMIT: "3",
    }),
    storage,
    { logStream: sink },
  );
});

afterAll(async () => {
  await app?.close();
  await upstream?.close();
  await storage?.close();
});

const call = (id: number) => ({ jsonrpc: "2.0", id, method: "eth_blockNumber", params: [] });
const about = (url: string) => lines.filter((line) => line.req?.url === url);

describe("the RPC proxy's request log at LOG_LEVEL=info", () => {
  it("writes no line for a call answered 200, one warn line for a batch refused with 413, and other routes log as before", async () => {
    const answered = await app.inject({ method: "POST", url: `/rpc/${CHAIN}`, payload: call(1) });
    expect(answered.statusCode).toBe(200);
    expect(about(`/rpc/${CHAIN}`)).toEqual([]);

    const refused = await app.inject({ method: "POST", url: `/rpc/${CHAIN}`, payload: [1, 2, 3, 4].map(call) });
    expect(refused.statusCode).toBe(413);
    expect(about(`/rpc/${CHAIN}`)).toMatchObject([{ level: 40, msg: "request completed", res: { statusCode: 413 } }]);

    const before = lines.length;
    await app.inject({ method: "GET", url: "/health" });
    expect(lines.slice(before).map(({ level, msg }) => [level, msg])).toEqual([
      [30, "incoming request"],
      [30, "request completed"],
    ]);
  });
});

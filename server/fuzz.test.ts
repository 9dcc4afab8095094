import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "./app.ts";
import { parseEnv } from "./config/env.ts";
import { openStorage, type Storage } from "./storage/database.ts";
import { freePort } from "./testing/local-anvil.ts";

/** A small seeded generator so a failing case can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const WEIRD_STRINGS = [
  "",
  " ",
  "undefined",
  "null",
  "0x",
  "-1",
  "1e309",
  "NaN",
  "__proto__",
  "constructor",
  "%00",
  "'; drop table validators; --",
  "<script>alert(1)</script>",
  "\u0000",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "a".repeat(5000),
  `0x${"f".repeat(64)}`,
];

function weirdJson(rng: ReturnType<typeof random>, depth = 0): unknown {
  const roll = rng.next();
  if (depth > 3 || roll < 0.3) return rng.pick<unknown>([null, true, 0, -1, 2 ** 64, 0.1, ...WEIRD_STRINGS]);
  if (roll < 0.6) return Array.from({ length: Math.floor(rng.next() * 4) }, () => weirdJson(rng, depth + 1));
  const keys = ["jsonrpc", "id", "method", "params", "owner", "amount", "__proto__", "network_type", "x"];
  return Object.fromEntries(
    Array.from({ length: Math.floor(rng.next() * 5) }, () => [rng.pick(keys), weirdJson(rng, depth + 1)]),
  );
}

function weirdBody(rng: ReturnType<typeof random>): { payload: string; contentType: string } {
  const roll = rng.next();
  if (roll < 0.15) return { payload: '{"jsonrpc":"2.0",', contentType: "application/json" };
  if (roll < 0.25) return { payload: `${"[".repeat(5000)}${"]".repeat(5000)}`, contentType: "application/json" };
  if (roll < 0.35) return { payload: "method=eth_call", contentType: "application/x-www-form-urlencoded" };
  if (roll < 0.45) return { payload: "\u0000\u0001binary", contentType: "application/octet-stream" };
  if (roll < 0.5)
    return {
      payload: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "eth_call",
        params: [{ data: `0x${"ab".repeat(600_000)}` }],
      }),
      contentType: "application/json",
    };
  return {
    payload: JSON.stringify(weirdJson(rng)),
    contentType: rng.pick(["application/json", "text/plain", "application/json; charset=utf-16"]),
  };
}

let app: FastifyInstance;
let memoryStorage: Storage;
beforeAll(async () => {
  memoryStorage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "mainnet,testnet,devnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_TIMEOUT_MS: "100",
      RATE_LIMIT_PER_MINUTE: "100000",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: `http://127.0.0.1:${await freePort()}`,
    }),
    memoryStorage,
    { logger: false },
  );
});
afterAll(() => app?.close());

describe("fuzzing every route with malformed input", () => {
  it("never answers 500 and always answers JSON an API client can read", async () => {
    const document = (await app.inject({ method: "GET", url: "/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
    );
    routes.push({ path: "/does/not/exist", method: "POST" }, { path: "/rpc/999999", method: "POST" });
    expect(routes.length).toBeGreaterThan(8);
    const rng = random(20_261_122);
    const failures: string[] = [];
    let cases = 0;
    for (const { path, method } of routes) {
      for (let round = 0; round < 60; round++) {
        const query = new URLSearchParams(
          Array.from({ length: Math.floor(rng.next() * 3) }, () => [
            rng.pick(["network_type", "space", "owner", "x", "network_type"]),
            rng.pick(WEIRD_STRINGS),
          ]),
        ).toString();
        const url = `${path.replace(/\{[^}]+\}/g, () => encodeURIComponent(rng.pick(WEIRD_STRINGS)))}${query ? `?${query}` : ""}`;
        const body = method === "GET" || method === "HEAD" ? undefined : weirdBody(rng);
        const response = await app.inject({
          method: method as "GET",
          url,
          ...(body ? { payload: body.payload, headers: { "content-type": body.contentType } } : {}),
        });
        cases++;
        const problem =
          response.statusCode >= 500 && response.statusCode !== 503
            ? `status ${response.statusCode}`
            : response.statusCode !== 204 &&
                method !== "HEAD" &&
                !/json|html|javascript|css|yaml/.test(String(response.headers["content-type"]))
              ? `content-type ${response.headers["content-type"]}`
              : undefined;
        if (problem) failures.push(`${method} ${url.slice(0, 120)} -> ${problem}: ${response.body.slice(0, 200)}`);
      }
    }
    expect(cases).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });
});

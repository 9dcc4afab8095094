import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../tests/support/free-port.ts";
import { buildServer } from "./app.ts";
import { parseEnv } from "./config/env.ts";
import { openStorage, type Storage } from "./storage/database.ts";

let app: FastifyInstance;

let memoryStorage: Storage;
beforeAll(async () => {
  memoryStorage = await openStorage({ dataDir: "memory://" });
  const dead = `http://127.0.0.1:${await freePort()}`;
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "mainnet,testnet,devnet",
      RPC_UPSTREAM_POLICY: "replace",
      PUBLIC_BASE_URL: "https://api.stake.test/",
      CORS_ORIGINS: "https://app.stake.test",
      RATE_LIMIT_PER_MINUTE: "3",
      RPC_TIMEOUT_MS: "200",
      // Every upstream of the devnet chain is down in this file, so proxy calls exercise the 503 path.
      RPC_UPSTREAMS_ETHEREUM_DEVNET: dead,
    }),
    memoryStorage,
    { logger: false },
  );
});
afterAll(() => app?.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

describe("RPC endpoint calls of the spec", () => {
  it("returns this server's proxy as the RPC endpoint for Ethereum mainnet and Hoodi", async () => {
    for (const [type, chainId] of [
      ["mainnet", 1],
      ["hoodi", 560048],
    ] as const) {
      const response = await get(`/networks/eth/infura?network_type=${type}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        url: `https://api.stake.test/rpc/${chainId}`,
        chainId,
        network: "ethereum",
        environment: type,
      });
    }
  });

  it("returns the proxy for Conflux eSpace mainnet (1030) and testnet (71)", async () => {
    expect((await get("/networks/cfx/rpc?network_type=mainnet&space=espace")).json()).toMatchObject({
      chainId: 1030,
      url: "https://api.stake.test/rpc/1030",
    });
    expect((await get("/networks/cfx/rpc?network_type=testnet&space=espace")).json()).toMatchObject({
      chainId: 71,
      network: "conflux/espace",
    });
  });

  it("rejects unknown or missing query values with 400 naming the field and the allowed values", async () => {
    const unknown = await get("/networks/eth/infura?network_type=sepolia");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: "invalid_query",
      message: 'network_type="sepolia" is not served here: expected "mainnet" or "hoodi"',
      field: "network_type",
    });
    const missing = await get("/networks/eth/infura");
    expect(missing.json()).toEqual({
      code: "missing_query",
      message: 'The query parameter network_type is required: expected "mainnet" or "hoodi"',
      field: "network_type",
    });
    expect((await get("/networks/cfx/rpc?network_type=mainnet&space=core")).json()).toMatchObject({
      field: "space",
      code: "invalid_query",
    });
    expect((await get("/networks/cfx/rpc?network_type=mainnet&network_type=testnet&space=espace")).statusCode).toBe(
      400,
    );
  });
});

describe("server basics", () => {
  it("reports liveness and readiness", async () => {
    expect((await get("/health")).json()).toEqual({ status: "ok" });
    const ready = await get("/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ok", database: "ok", indexer: [] });
  });

  it("publishes an OpenAPI 3.1 document generated from the route schemas, and a docs page", async () => {
    const document = (await get("/docs/json")).json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/networks/eth/infura", "/networks/cfx/rpc", "/rpc/1", "/health"]),
    );
    expect(document.paths["/networks/eth/infura"].get.parameters[0]).toMatchObject({
      name: "network_type",
      schema: { enum: ["mainnet", "hoodi"] },
    });
    expect((await get("/docs")).statusCode).toBeLessThan(400);
  });

  it("allows cross-origin calls from configured origins only, and sends security headers", async () => {
    const allowed = await get("/health", { origin: "https://app.stake.test" });
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://app.stake.test");
    const other = await get("/health", { origin: "https://evil.example" });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    expect(allowed.headers["x-content-type-options"]).toBe("nosniff");
    expect(allowed.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("answers the RPC proxy cross-origin for configured origins only, with its preflight and security headers", async () => {
    const post = (origin: string) =>
      app.inject({ method: "POST", url: "/rpc/31337", headers: { origin }, payload: { jsonrpc: "1.0" } });
    const allowed = await post("https://app.stake.test");
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ error: { code: -32600 } });
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://app.stake.test");
    expect(allowed.headers.vary).toBe("Origin");
    expect(allowed.headers["x-content-type-options"]).toBe("nosniff");
    expect(allowed.headers["content-security-policy"]).toContain("default-src 'self'");
    const other = await post("https://evil.example");
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    expect(other.headers.vary).toBe("Origin");
    const preflight = await app.inject({
      method: "OPTIONS",
      url: "/rpc/31337",
      headers: {
        origin: "https://app.stake.test",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("https://app.stake.test");
    expect(preflight.headers["access-control-allow-methods"]).toBe("GET, POST");
  });

  it("compresses answers of 1 KiB or more with brotli or gzip as the client accepts, smaller ones not", async () => {
    const plain = await get("/docs/json");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toMatchObject({ openapi: "3.1.0" });
    const br = await get("/docs/json", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(String(br.headers.vary)).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await get("/docs/json", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const health = await get("/health", { "accept-encoding": "br" });
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(health.json()).toEqual({ status: "ok" });
  });

  it("answers unknown routes with a JSON 404", async () => {
    const response = await get("/validators/nope?x=1");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "not_found", message: "There is no GET /validators/nope" });
  });

  it("answers 503 with Retry-After when the chain's upstreams are down, then rate-limits the client with 429", async () => {
    const call = () =>
      app.inject({ method: "POST", url: "/rpc/31337", payload: { jsonrpc: "2.0", id: 1, method: "eth_blockNumber" } });
    const down = await call();
    expect(down.statusCode).toBe(503);
    expect(down.headers["retry-after"]).toBe("5");
    await call();
    await call();
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32005 } });
  });
});

describe("contact messages", () => {
  it("stores a valid message and answers 201", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/contact",
      payload: { type: "technical", name: "Ada", message: "My validator shows pending." },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().id).toBeGreaterThan(0);
  });

  it("rejects an unknown type, a blank name or an overlong message with the field at fault", async () => {
    const post = (payload: object) => app.inject({ method: "POST", url: "/contact", payload });
    expect((await post({ type: "spam", name: "Ada", message: "hi" })).json()).toMatchObject({
      code: "invalid_request",
      field: "type",
    });
    expect((await post({ type: "feedback", name: "   ", message: "hi" })).json()).toMatchObject({ field: "name" });
    expect((await post({ type: "feedback", name: "Ada", message: "x".repeat(5001) })).json()).toMatchObject({
      field: "message",
    });
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRuntimeConfig } from "../../src/core/runtime-config.ts";
import { buildServer } from "../app.ts";
import { EnvError, parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

const INDEX =
  "<!doctype html><html><head><script>alert('Hello, world.');</script>" +
  '<script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';

let dist: string;
let storage: Storage;
let server: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "runtime-config-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, "assets", "index-Ab12Cd34.js"), "export {};\n");
  storage = await openStorage({ dataDir: "memory://" });
  const env = {
    SERVE_KINDS: "devnet",
    INDEXER: "off",
    LOG_LEVEL: "silent",
    SERVE_APP_DIR: dist,
    PORT: "9787",
    APP_API_BASE_URL: "http://127.0.0.1:9787/",
    APP_RPC_URLS: "31337=http://127.0.0.1:9545, 31338=http://127.0.0.1:9546",
  };
  server = await buildServer(parseEnv(env), storage, { logger: false });
});
afterAll(async () => {
  await server?.close();
  await storage?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the served app's runtime config (APP_API_BASE_URL, APP_RPC_URLS)", () => {
  it("is written into index.html as a JSON data block before </head>, on every page of the app", async () => {
    const block =
      '<script type="application/json" id="runtime-config">' +
      '{"apiBaseUrl":"http://127.0.0.1:9787","rpcUrls":{"31337":"http://127.0.0.1:9545","31338":"http://127.0.0.1:9546"}}' +
      "</script>";
    for (const url of ["/", "/index.html", "/ethereum/validator"]) {
      const response = await server.inject(url);
      expect(response.body, url).toBe(INDEX.replace("</head>", `${block}\n  </head>`));
    }
  });

  it("sends that page brotli or gzip encoded when asked, each encoding with its own ETag, and 304 when unchanged", async () => {
    const plain = await server.inject("/");
    const br = await server.inject({ url: "/", headers: { "accept-encoding": "gzip, br" } });
    const gzip = await server.inject({ url: "/staking", headers: { "accept-encoding": "gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(plain.body);
    for (const response of [plain, br, gzip]) {
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.headers.vary).toContain("accept-encoding");
    }
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    const again = await server.inject({
      url: "/",
      headers: { "accept-encoding": "br", "if-none-match": String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("gives the CSP the chosen API and chains instead of the build's 8787, 8545 and 8546, and no hash for the data block", async () => {
    const policy = String((await server.inject("/")).headers["content-security-policy"]);
    const connect = policy.split("; ").find((directive) => directive.startsWith("connect-src "));
    expect(connect).toBe("connect-src 'self' http://127.0.0.1:9787 http://127.0.0.1:9545 http://127.0.0.1:9546");
    expect(policy).toContain("img-src 'self' data: blob: http://127.0.0.1:9787;");
    expect(policy).toContain(
      "script-src 'self' 'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=' 'wasm-unsafe-eval'",
    );
  });

  it("refuses a bad APP_RPC_URLS or APP_API_BASE_URL, saying what is expected", () => {
    expect(() => parseEnv({ APP_RPC_URLS: "31337:http://127.0.0.1:9545" })).toThrow(EnvError);
    expect(() => parseEnv({ APP_RPC_URLS: "31337:http://127.0.0.1:9545" })).toThrow(
      "APP_RPC_URLS: expected comma-separated chainId=http(s) URL pairs, such as 31337=http://127.0.0.1:8545",
    );
    expect(() => parseEnv({ SERVE_KINDS: "devnet", APP_RPC_URLS: "71=http://127.0.0.1:9546" })).toThrow(
      "APP_RPC_URLS: chain 71 is no chain of the served environments (SERVE_KINDS); expected one of 31337, 31338",
    );
    expect(() => parseEnv({ APP_API_BASE_URL: "127.0.0.1:9787" })).toThrow(
      "APP_API_BASE_URL: expected an absolute http(s) URL such as http://127.0.0.1:8787",
    );
  });
});

describe("the page's reading of its runtime config", () => {
  it("takes the API base and chain URLs, and names what is wrong in a bad one", () => {
    expect(
      parseRuntimeConfig('{"apiBaseUrl":"http://127.0.0.1:9787/","rpcUrls":{"31337":"http://127.0.0.1:9545"}}'),
    ).toEqual({ apiBaseUrl: "http://127.0.0.1:9787", rpcUrls: { "31337": "http://127.0.0.1:9545" } });
    expect(() => parseRuntimeConfig("{")).toThrow("the page's runtime config (#runtime-config) is not JSON");
    expect(() => parseRuntimeConfig('{"apiBaseUrl":"ftp://x"}')).toThrow(
      `the page's runtime config: apiBaseUrl must be an http(s) URL, got "ftp://x"`,
    );
    expect(() => parseRuntimeConfig('{"rpcUrls":{"eth":"http://127.0.0.1:9545"}}')).toThrow(
      `the page's runtime config: rpcUrls must map chain ids to http(s) URLs, got "eth": "http://127.0.0.1:9545"`,
    );
  });
});

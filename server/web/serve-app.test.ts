import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { EnvError, parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { writeCompressedSiblings } from "./precompress.ts";

const INDEX =
  "<!doctype html><html><head><script>alert('Hello, world.');</script>" +
  '<script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const STYLE = `${Array.from({ length: 100 }, (_, i) => `.c${i} { color: red; }`).join("\n")}\n`;
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

let dist: string;
let storage: Storage;
let server: FastifyInstance;
let apiOnly: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "serve-app-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, "assets", "index-Ab12Cd34.js"), SCRIPT);
  writeFileSync(join(dist, "assets", "index-Ef56Gh78.css"), STYLE);
  writeFileSync(join(dist, "assets", "logo-Ij90Kl12.png"), PNG);
  writeFileSync(join(dist, "robots.txt"), "User-agent: *\n");
  // As the build writes them (npm run build).
  await writeCompressedSiblings(dist);
  storage = await openStorage({ dataDir: "memory://" });
  const env = { SERVE_KINDS: "devnet", INDEXER: "off", LOG_LEVEL: "silent" };
  server = await buildServer(parseEnv({ ...env, SERVE_APP_DIR: dist }), storage, { logger: false });
  apiOnly = await buildServer(parseEnv(env), storage, { logger: false });
});
afterAll(async () => {
  await server?.close();
  await apiOnly?.close();
  await storage?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("serving the built app beside the API (SERVE_APP_DIR)", () => {
  it("answers the app's pages with index.html, revalidated on each use, under the app's CSP", async () => {
    for (const url of ["/", "/ethereum", "/ethereum/validator", "/contact", "/conflux/espace/staking", "/404"]) {
      const response = await server.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
    }
  });

  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const policy = String((await server.inject("/")).headers["content-security-policy"]);
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc).toBe(
      "script-src 'self' 'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=' 'wasm-unsafe-eval'",
    );
    expect(policy).not.toContain("'unsafe-inline'");
  });

  it("leaves the API as it was, and answers API paths, docs and missing files with a JSON 404, not the app", async () => {
    expect((await server.inject("/health")).json()).toEqual({ status: "ok" });
    expect((await server.inject("/docs/json")).json()).toMatchObject({ openapi: "3.1.0" });
    const contact = await server.inject({ method: "POST", url: "/contact", payload: {} });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toMatchObject({ code: "invalid_request" });
    for (const url of [
      "/rpc/31337",
      "/siwe/unknown",
      "/validators/extra",
      "/assets/index-Zz99Yy88.js",
      "/robots2.txt",
    ]) {
      const response = await server.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ code: "not_found", message: `There is no GET ${url}` });
      expect(response.headers["cache-control"] ?? "", url).not.toContain("immutable");
    }
  });

  it("caches hashed assets for a year as immutable and answers a known ETag with 304", async () => {
    const asset = await server.inject("/assets/logo-Ij90Kl12.png");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toBe("image/png");
    expect(asset.rawPayload.equals(PNG)).toBe(true);
    const robots = await server.inject("/robots.txt");
    expect(robots.headers["cache-control"]).toBe("no-cache");
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");

    const first = await server.inject("/");
    const etag = String(first.headers.etag);
    const again = await server.inject({ url: "/ethereum", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("sends brotli or gzip as the browser accepts, and plain bytes otherwise", async () => {
    const url = "/assets/index-Ab12Cd34.js";
    const br = await server.inject({ url, headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(String(br.headers.vary)).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    // The build's own .br file, as it was written.
    expect(br.rawPayload.equals(readFileSync(join(dist, "assets", "index-Ab12Cd34.js.br")))).toBe(true);
    // The second answer is the same compressed body.
    const brAgain = await server.inject({ url, headers: { "accept-encoding": "br" } });
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);

    const gzip = await server.inject({ url: "/assets/index-Ef56Gh78.css", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(STYLE);

    const plain = await server.inject({ url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    // Each encoding has its own validator.
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it("answers HEAD like GET without a body", async () => {
    const head = await server.inject({ method: "HEAD", url: "/ethereum" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.body).toBe("");
  });

  it("serves no app without SERVE_APP_DIR", async () => {
    const response = await apiOnly.inject("/ethereum");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "not_found" });
  });

  it("refuses to start on a folder without a built app, saying what to run", () => {
    const empty = mkdtempSync(join(tmpdir(), "serve-app-empty-"));
    try {
      expect(() => parseEnv({ SERVE_APP_DIR: empty })).toThrow(EnvError);
      expect(() => parseEnv({ SERVE_APP_DIR: empty })).toThrow(
        "SERVE_APP_DIR: expected the folder `npm run build` writes (with index.html); run `npm run build` first",
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

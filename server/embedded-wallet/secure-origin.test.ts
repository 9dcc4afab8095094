import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { secureOriginHeaders } from "./secure-headers.ts";
import { listenSecureOrigin } from "./secure-origin.ts";

const APP_INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const FRAME_INDEX =
  '<!doctype html><html><body><main id="frame-root"></main><script type="module" src="/assets/frame-Ab12.js"></script></body></html>';
const FRAME_SCRIPT = "export const frame = 'secure frame';\n";

let dist: string;
let storage: Storage;
let server: FastifyInstance;
let secure: FastifyInstance;
let off: FastifyInstance;
const env = {
  SERVE_KINDS: "devnet",
  LOG_LEVEL: "silent",
  PUBLIC_BASE_URL: "http://127.0.0.1:48120",
  SECURE_ORIGIN: "http://127.0.0.1:48121",
  SECURE_PORT: "0",
  EMBEDDED_WALLET_ALLOWED_ORIGINS: "http://127.0.0.1:48120,https://partner.example.org",
  EMBEDDED_WALLET_SHARE_KEY: "22".repeat(32),
  SMTP_URL: "smtp://127.0.0.1:1",
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "secure-origin-dist-"));
  mkdirSync(join(dist, "secure", "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), APP_INDEX);
  writeFileSync(join(dist, "secure", "index.html"), FRAME_INDEX);
  writeFileSync(join(dist, "secure", "assets", "frame-Ab12.js"), FRAME_SCRIPT);
  storage = await openStorage({ dataDir: "memory://" });
  server = await buildServer(parseEnv({ ...env, SERVE_APP_DIR: dist }), storage, { logger: false });
  secure = server.embeddedWalletSecure as FastifyInstance;
  off = await buildServer(parseEnv({ SERVE_KINDS: "devnet", LOG_LEVEL: "silent", SERVE_APP_DIR: dist }), storage, {
    logger: false,
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await off?.close();
  await storage?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the secure origin (SECURE_ORIGIN)", () => {
  it("serves the frame's files on the secure origin and never on the app's", async () => {
    const frame = await secure.inject("/");
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toBe(FRAME_INDEX);
    expect(frame.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect((await secure.inject("/assets/frame-Ab12.js")).body).toBe(FRAME_SCRIPT);
    // The app's own page is not on the secure origin.
    expect((await secure.inject("/index.html")).body).toBe(FRAME_INDEX);
    expect((await secure.inject("/ethereum")).statusCode).toBe(404);

    for (const url of ["/secure/index.html", "/secure/assets/frame-Ab12.js"]) {
      const response = await server.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("secure frame");
      expect(response.body, url).not.toContain("frame-root");
    }
    // A page path under /secure/ is the app's client-side route, not the frame.
    expect((await server.inject("/secure/")).body).toBe(APP_INDEX);
  });

  it("answers /embedded-wallet/* on the secure origin only; the app's origin has just the config", async () => {
    expect((await server.inject("/embedded-wallet/config")).json()).toEqual({
      enabled: true,
      secureOrigin: "http://127.0.0.1:48121",
      socials: [],
    });
    expect((await off.inject("/embedded-wallet/config")).json()).toEqual({ enabled: false });
    expect(off.embeddedWalletSecure).toBeUndefined();
    for (const [method, url] of [
      ["GET", "/embedded-wallet/allowed-origins"],
      ["POST", "/embedded-wallet/email/start"],
      ["GET", "/embedded-wallet/session"],
      ["GET", "/embedded-wallet/wallet/share"],
      ["GET", "/embedded-wallet/device/approve?token=00"],
    ] as const) {
      const response = await server.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await secure.inject("/embedded-wallet/allowed-origins")).json()).toEqual({
      allowedOrigins: ["http://127.0.0.1:48120", "https://partner.example.org"],
    });
    expect((await secure.inject("/embedded-wallet/config")).statusCode).toBe(404);
  });

  it("lets only the allowed pages frame it, and connects only to itself and the app's API origins", async () => {
    const csp = (await secure.inject("/")).headers["content-security-policy"];
    expect(csp).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        // This server (PUBLIC_BASE_URL) and where the devnet build calls its API (networks/app.json).
        "connect-src 'self' http://127.0.0.1:48120 http://127.0.0.1:8787",
        "frame-ancestors http://127.0.0.1:48120 https://partner.example.org",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ].join("; "),
    );
    // API answers carry it too; and nothing tells browsers to refuse framing altogether.
    const api = await secure.inject("/embedded-wallet/allowed-origins");
    expect(api.headers["content-security-policy"]).toBe(csp);
    expect(api.headers["x-frame-options"]).toBeUndefined();
    expect(api.headers["cache-control"]).toBe("no-store");
    // HSTS only where browsers heed it: an https secure origin.
    expect(api.headers["strict-transport-security"]).toBeUndefined();
    expect(secureOriginHeaders({ allowedOrigins: [], appOrigins: [], https: true })["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    // The app may frame the secure origin, and nothing else (no WalletConnect project id here).
    expect((await server.inject("/")).headers["content-security-policy"]).toContain(
      "frame-src http://127.0.0.1:48121;",
    );
    expect((await off.inject("/")).headers["content-security-policy"]).toContain("frame-src 'none';");
  });

  it("grants CORS to the secure origin itself and to no other origin, the app's included", async () => {
    const preflight = (origin: string) =>
      secure.inject({
        method: "OPTIONS",
        url: "/embedded-wallet/email/start",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });
    expect((await preflight("http://127.0.0.1:48121")).headers["access-control-allow-origin"]).toBe(
      "http://127.0.0.1:48121",
    );
    for (const origin of ["http://127.0.0.1:48120", "https://partner.example.org", "https://evil.example.org"]) {
      const response = await preflight(origin);
      expect(response.headers["access-control-allow-origin"], origin).toBeUndefined();
    }
  });

  it("listens on its own port beside the main server", async () => {
    const url = await listenSecureOrigin(server, parseEnv({ ...env, SERVE_APP_DIR: dist }));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}/embedded-wallet/allowed-origins`);
    expect(await response.json()).toEqual({
      allowedOrigins: ["http://127.0.0.1:48120", "https://partner.example.org"],
    });
  });
});

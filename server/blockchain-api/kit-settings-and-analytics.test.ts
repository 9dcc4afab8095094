import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { analyticsEvents } from "../storage/schema.ts";

/** Remote features, allowed origins and analytics events, stored in PostgreSQL (PGlite) and limited per origin. */
const ORIGIN = "https://app.stake.test";
const OTHER_ORIGIN = "https://partner.stake.test";
const CLIENT = "projectId=test-project&st=appkit&sv=html-wagmi-1.7.3";
let app: FastifyInstance;
let storage: Storage;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      CORS_ORIGINS: `${ORIGIN},${OTHER_ORIGIN}`,
      ANALYTICS_EVENTS_PER_MINUTE: "5",
    }),
    storage,
    { logger: false },
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

const event = (overrides: object = {}) => ({
  eventId: "4f1c2a8e-2b7d-4a8e-9a55-6f0d0c1e2b3a",
  url: "https://app.stake.test/ethereum/staking",
  domain: "app.stake.test",
  timestamp: 1_764_000_000_000,
  props: { type: "track", event: "MODAL_OPEN", address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" },
  ...overrides,
});
const post = (payload: object, origin: string | null = ORIGIN) =>
  app.inject({
    method: "POST",
    url: `/blockchain-api/e?${CLIENT}`,
    payload,
    headers: origin ? { origin } : {},
  });

describe("kit settings", () => {
  it("serves the remote feature flags of networks/app.json", async () => {
    const response = await app.inject({ method: "GET", url: `/blockchain-api/appkit/v1/config?${CLIENT}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      features: { swaps: false, onramp: false, email: true, socials: false, activity: true, reownBranding: false },
    });
  });

  it("serves the allowed origins", async () => {
    const response = await app.inject({ method: "GET", url: `/blockchain-api/projects/v1/origins?${CLIENT}` });
    expect(response.json()).toEqual({ allowedOrigins: [ORIGIN, OTHER_ORIGIN] });
  });

  it("documents every blockchain API call in the OpenAPI document", async () => {
    const paths = Object.keys((await app.inject({ method: "GET", url: "/docs/json" })).json().paths).filter((path) =>
      path.startsWith("/blockchain-api/"),
    );
    expect(paths.sort()).toEqual([
      "/blockchain-api/appkit/v1/config",
      "/blockchain-api/e",
      "/blockchain-api/getAnalyticsConfig",
      "/blockchain-api/projects/v1/origins",
      "/blockchain-api/v1/account/{address}/balance",
      "/blockchain-api/v1/account/{address}/history",
      "/blockchain-api/v1/identity/{address}",
      "/blockchain-api/v1/profile/account",
      "/blockchain-api/v1/profile/account/{name}",
      "/blockchain-api/v1/profile/reverse/{address}",
      "/blockchain-api/v1/profile/suggestions/{name}",
      "/blockchain-api/v1/supported-chains",
    ]);
  });

  it("asks for the client query by name", async () => {
    const response = await app.inject({ method: "GET", url: "/blockchain-api/appkit/v1/config?projectId=p&st=appkit" });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe("sv");
  });
});

describe("analytics", () => {
  it("stores an event from an allowed origin", async () => {
    const response = await post(event());
    expect(response.statusCode).toBe(204);
    const rows = await storage.db
      .select({
        origin: analyticsEvents.origin,
        projectId: analyticsEvents.projectId,
        props: analyticsEvents.props,
        occurredAt: analyticsEvents.occurredAt,
      })
      .from(analyticsEvents);
    expect(rows).toEqual([
      {
        origin: ORIGIN,
        projectId: "test-project",
        props: event().props,
        occurredAt: new Date("2025-11-24T16:00:00.000Z"),
      },
    ]);
  });

  it("refuses an origin off the allowlist with 403 'Invalid App Configuration'", async () => {
    for (const origin of ["https://evil.example", null]) {
      const response = await post(event(), origin);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/^Invalid App Configuration/);
    }
  });

  it("names the faulty field of a malformed event", async () => {
    const cases: [object, string][] = [
      [event({ eventId: undefined }), "eventId"],
      [event({ url: "not a url" }), "url"],
      [event({ timestamp: "yesterday" }), "timestamp"],
      [event({ props: { stackTrace: "x".repeat(20_000) } }), "props"],
    ];
    for (const [payload, field] of cases) {
      const response = await post(payload, OTHER_ORIGIN);
      expect({ field, status: response.statusCode, got: response.json().field }).toEqual({
        field,
        status: 400,
        got: field,
      });
    }
  });

  it("limits each origin to ANALYTICS_EVENTS_PER_MINUTE, other origins unaffected", async () => {
    // 5 a minute are allowed; ORIGIN has posted once, OTHER_ORIGIN four times (all refused as malformed).
    for (let count = 2; count <= 5; count++) expect((await post(event())).statusCode).toBe(204);
    const limited = await post(event());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("rate_limited");
    expect((await post(event(), OTHER_ORIGIN)).statusCode).toBe(204);
    const [counted] = await storage.rows<{ count: number }>(sql`select count(*)::int as count from analytics_events`);
    expect(counted?.count).toBe(6);
  });
});

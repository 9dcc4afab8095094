import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/**
 * The server built from a networks/app.json whose walletKit has no analyticsEnabled (the field is optional in
 * schemas/app.schema.json): analytics are on. The generated app config is the real one, less that field.
 */
vi.mock("../../src/generated/index.ts", async (importOriginal) => {
  const generated = await importOriginal<typeof import("../../src/generated/index.ts")>();
  const { analyticsEnabled: _dropped, ...walletKit } = generated.app.walletKit;
  return { ...generated, app: { ...generated.app, walletKit } };
});

const ORIGIN = "https://app.stake.test";
const CLIENT = "projectId=test-project&st=appkit&sv=html-wagmi-1.7.3";
let storage: Storage;
let app: FastifyInstance;

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet", CORS_ORIGINS: ORIGIN }), storage, {
    logger: false,
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await storage?.close();
});

describe("analytics when networks/app.json does not say", () => {
  it("the app config really lacks walletKit.analyticsEnabled here", async () => {
    const { app: appConfig } = await import("../../src/generated/index.ts");
    expect("analyticsEnabled" in appConfig.walletKit).toBe(false);
  });

  it("getAnalyticsConfig says true and POST e stores the event", async () => {
    const config = await app.inject({ method: "GET", url: `/blockchain-api/getAnalyticsConfig?${CLIENT}` });
    expect(config.json()).toEqual({ isAnalyticsEnabled: true });
    const response = await app.inject({
      method: "POST",
      url: `/blockchain-api/e?${CLIENT}`,
      headers: { origin: ORIGIN },
      payload: {
        eventId: "9d0f6a4e-1c2b-4e3f-8a7b-5c6d7e8f9a0b",
        url: "https://app.stake.test/",
        domain: "app.stake.test",
        timestamp: 1_764_000_000_000,
        props: { type: "track", event: "MODAL_OPEN" },
      },
    });
    expect(response.statusCode).toBe(204);
    const [row] = await storage.rows<{ count: number }>(sql`select count(*)::int as count from analytics_events`);
    expect(row?.count).toBe(1);
  });
});

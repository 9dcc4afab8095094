import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/**
 * POST blockchain-api/e follows networks/app.json's walletKit.analyticsEnabled (served at getAnalyticsConfig):
 * turned off, a kit that posts anyway gets 204 and nothing is stored.
 */
const ORIGIN = "https://app.stake.test";
const CLIENT = "projectId=test-project&st=appkit&sv=html-wagmi-1.7.3";
const stores: Storage[] = [];
const servers: FastifyInstance[] = [];

async function serverWithAnalytics(walletKitAnalyticsEnabled: boolean) {
  const storage = await openStorage({ dataDir: "memory://" });
  stores.push(storage);
  const config = parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet", CORS_ORIGINS: ORIGIN });
  const app = await buildServer(config, storage, { logger: false, walletKitAnalyticsEnabled });
  servers.push(app);
  return { app, storage };
}

let off: Awaited<ReturnType<typeof serverWithAnalytics>>;
let on: Awaited<ReturnType<typeof serverWithAnalytics>>;
beforeAll(async () => {
  off = await serverWithAnalytics(false);
  on = await serverWithAnalytics(true);
}, 60_000);
afterAll(async () => {
  for (const app of servers) await app.close();
  for (const storage of stores) await storage.close();
});

const event = {
  eventId: "4f1c2a8e-2b7d-4a8e-9a55-6f0d0c1e2b3a",
  url: "https://app.stake.test/ethereum/staking",
  domain: "app.stake.test",
  timestamp: 1_764_000_000_000,
  props: { type: "track", event: "MODAL_OPEN" },
};
const post = (app: FastifyInstance, payload: object, origin = ORIGIN) =>
  app.inject({ method: "POST", url: `/blockchain-api/e?${CLIENT}`, payload, headers: { origin } });
const stored = async (storage: Storage) =>
  (await storage.rows<{ count: number }>(sql`select count(*)::int as count from analytics_events`))[0]?.count;

describe("POST e with analytics turned off or on in networks/app.json", () => {
  it("off: getAnalyticsConfig says false, an event posted anyway is answered 204 and not stored", async () => {
    const config = await off.app.inject({ method: "GET", url: `/blockchain-api/getAnalyticsConfig?${CLIENT}` });
    expect(config.json()).toEqual({ isAnalyticsEnabled: false });
    const response = await post(off.app, event);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await stored(off.storage)).toBe(0);
  });

  it("off: a malformed event or a foreign origin is still refused as such", async () => {
    const malformed = await post(off.app, { ...event, url: "not a url" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe("url");
    expect((await post(off.app, event, "https://evil.example")).statusCode).toBe(403);
    expect(await stored(off.storage)).toBe(0);
  });

  it("on: the event is stored", async () => {
    expect((await post(on.app, event)).statusCode).toBe(204);
    expect(await stored(on.storage)).toBe(1);
  });

  it("documents the discarding in the OpenAPI document", async () => {
    const document = (await on.app.inject({ method: "GET", url: "/docs/json" })).json();
    const operation = document.paths["/blockchain-api/e"].post;
    expect(operation.description).toContain("walletKit.analyticsEnabled is false");
    expect(operation.responses["204"].description).toContain("discarded");
  });
});

import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/**
 * Abuse limits on analytics events (POST blockchain-api/e): per client address and per page origin, expiry
 * after 30 days, and a cap on the stored events. PGlite; client addresses through Fastify inject.
 */
const CLIENT = "projectId=test-project&st=appkit&sv=html-wagmi-1.7.3";
const ORIGINS = Array.from({ length: 8 }, (_, i) => `https://site-${i}.stake.test`);

let storage: Storage;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
}, 60_000);
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await storage.db.execute(sql`delete from analytics_events`);
  await storage.db.execute(sql`delete from rate_limit_counters`);
});
afterAll(async () => {
  await storage?.close();
});

async function server(env: Record<string, string> = {}) {
  const app = await buildServer(
    parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet", CORS_ORIGINS: ORIGINS.join(","), ...env }),
    storage,
    { logger: false },
  );
  apps.push(app);
  return app;
}

const event = {
  eventId: "4f1c2a8e-2b7d-4a8e-9a55-6f0d0c1e2b3a",
  url: "https://site-0.stake.test/ethereum/staking",
  domain: "site-0.stake.test",
  timestamp: 1_764_000_000_000,
  props: { type: "track", event: "MODAL_OPEN" },
};
const post = (
  app: FastifyInstance,
  { origin, client, headers = {} }: { origin: string; client: string; headers?: Record<string, string> },
) =>
  app.inject({
    method: "POST",
    url: `/blockchain-api/e?${CLIENT}`,
    payload: event,
    remoteAddress: client,
    headers: { origin, ...headers },
  });
const stored = async () =>
  Number((await storage.rows<{ n: number }>(sql`select count(*)::int as n from analytics_events`))[0]?.n);

describe("analytics abuse limits", () => {
  it("limits one client posting as many origins: 5 a minute from its address, whatever Origin it sends", async () => {
    const app = await server({ ANALYTICS_CLIENT_EVENTS_PER_MINUTE: "5", ANALYTICS_EVENTS_PER_MINUTE: "600" });
    for (const origin of ORIGINS.slice(0, 5)) {
      expect((await post(app, { origin, client: "203.0.113.7" })).statusCode).toBe(204);
    }
    const refused = await post(app, { origin: ORIGINS[5] as string, client: "203.0.113.7" });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(refused.json()).toMatchObject({ code: "rate_limited" });
    expect(refused.json().message).toMatch(
      /^Too many requests: at most 5 a minute per client address; retry after \d+ s$/,
    );
    // Another client is not held back by it.
    expect((await post(app, { origin: ORIGINS[5] as string, client: "198.51.100.2" })).statusCode).toBe(204);
    expect(await stored()).toBe(6);
  });

  it("limits one origin posted from many client addresses: 5 a minute for the origin", async () => {
    const app = await server({ ANALYTICS_CLIENT_EVENTS_PER_MINUTE: "60", ANALYTICS_EVENTS_PER_MINUTE: "5" });
    const origin = ORIGINS[0] as string;
    for (let i = 1; i <= 5; i++) expect((await post(app, { origin, client: `198.51.100.${i}` })).statusCode).toBe(204);
    const refused = await post(app, { origin, client: "198.51.100.6" });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(
      /^Too many requests: at most 5 a minute per page origin; retry after \d+ s$/,
    );
    expect((await post(app, { origin: ORIGINS[1] as string, client: "198.51.100.6" })).statusCode).toBe(204);
  });

  it("counts the connection's address, not an X-Forwarded-For the client writes, unless TRUST_PROXY says so", async () => {
    const app = await server({ ANALYTICS_CLIENT_EVENTS_PER_MINUTE: "2", ANALYTICS_EVENTS_PER_MINUTE: "600" });
    const forged = (i: number) => ({ "x-forwarded-for": `192.0.2.${i}` });
    for (let i = 1; i <= 2; i++) {
      const origin = ORIGINS[i] as string;
      expect((await post(app, { origin, client: "203.0.113.9", headers: forged(i) })).statusCode).toBe(204);
    }
    const origin = ORIGINS[3] as string;
    expect((await post(app, { origin, client: "203.0.113.9", headers: forged(3) })).statusCode).toBe(429);

    // Behind a proxy the operator trusts, each forwarded client counts apart.
    const proxied = await server({
      ANALYTICS_CLIENT_EVENTS_PER_MINUTE: "2",
      ANALYTICS_EVENTS_PER_MINUTE: "600",
      TRUST_PROXY: "10.0.0.1",
    });
    for (let i = 4; i <= 6; i++) {
      const origin = ORIGINS[i] as string;
      expect((await post(proxied, { origin, client: "10.0.0.1", headers: forged(i) })).statusCode).toBe(204);
    }
  });

  it("deletes events received more than 30 days ago, by default", async () => {
    const app = await server();
    const insertAged = (days: number, eventId: string) =>
      storage.db.execute(sql`
        insert into analytics_events (origin, project_id, event_id, url, domain, occurred_at, props, received_at)
        values (${ORIGINS[0]}, 'p', ${eventId}, 'https://site-0.stake.test/', 'site-0.stake.test', now(), '{}'::jsonb,
          now() - ${days}::int * interval '1 day')`);
    await insertAged(31, "31-days-old");
    await insertAged(29, "29-days-old");
    expect((await post(app, { origin: ORIGINS[0] as string, client: "203.0.113.7" })).statusCode).toBe(204);
    const kept = await storage.rows<{ event_id: string }>(sql`select event_id from analytics_events order by id`);
    expect(kept.map((row) => row.event_id)).toEqual(["29-days-old", event.eventId]);
  });

  it("keeps at most ANALYTICS_MAX_EVENTS events and refuses more with 507, storing nothing", async () => {
    const app = await server({ ANALYTICS_MAX_EVENTS: "3" });
    for (let i = 0; i < 3; i++) {
      expect((await post(app, { origin: ORIGINS[i] as string, client: `198.51.100.${i}` })).statusCode).toBe(204);
    }
    const refused = await post(app, { origin: ORIGINS[3] as string, client: "198.51.100.3" });
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({
      code: "analytics_full",
      message:
        "Analytics storage is full: this server keeps at most 3 events (ANALYTICS_MAX_EVENTS), each for 30 days; the event was not stored",
    });
    expect(await stored()).toBe(3);
  });

  it("reads the retention and caps from the environment, and names a bad value", () => {
    const base = { SERVE_KINDS: "devnet" };
    expect(parseEnv(base)).toMatchObject({
      ANALYTICS_RETENTION_DAYS: 30,
      ANALYTICS_CLIENT_EVENTS_PER_MINUTE: 60,
      ANALYTICS_MAX_EVENTS: 1_000_000,
      NAME_REGISTRATIONS_PER_HOUR_PER_CLIENT: 10,
      NAME_REGISTRATIONS_PER_HOUR_PER_ADDRESS: 3,
    });
    expect(parseEnv({ ...base, ANALYTICS_RETENTION_DAYS: "7" }).ANALYTICS_RETENTION_DAYS).toBe(7);
    expect(() => parseEnv({ ...base, ANALYTICS_RETENTION_DAYS: "a month" })).toThrow(
      /ANALYTICS_RETENTION_DAYS.*expected a positive number of days/,
    );
  });
});

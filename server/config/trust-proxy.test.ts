import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { buildServer } from "../app.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { EnvError, parseEnv } from "./env.ts";

let anvil: RunningAnvil;
let storage: Storage;
const servers: FastifyInstance[] = [];

/** A server with a budget of 2 calls a minute per client, behind a load balancer at 10.0.0.5. */
async function serverTrusting(trustProxy: string | undefined) {
  // Budgets are counted in the database every server of this file shares: each server starts with none spent.
  await storage.db.execute(sql`delete from rate_limit_counters`);
  const app = await buildServer(
    parseEnv({
      SERVE_KINDS: "devnet",
      LOG_LEVEL: "silent",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.rpcUrl,
      RATE_LIMIT_PER_MINUTE: "2",
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    }),
    storage,
    { logger: false },
  );
  servers.push(app);
  return app;
}

/** Two calls forwarded for one browser, then one forwarded for another: is the other one served? */
async function secondClientServed(app: FastifyInstance): Promise<boolean> {
  const call = (forwardedFor: string) =>
    app.inject({
      method: "POST",
      url: "/rpc/31337",
      remoteAddress: "10.0.0.5",
      headers: { "x-forwarded-for": forwardedFor },
      payload: { jsonrpc: "2.0", id: 1, method: "eth_chainId" },
    });
  for (let round = 0; round < 2; round++) expect((await call("203.0.113.7")).statusCode).toBe(200);
  const other = await call("198.51.100.9");
  expect([200, 429]).toContain(other.statusCode);
  return other.statusCode === 200;
}

beforeAll(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  anvil = await startAnvil();
});

afterAll(async () => {
  for (const app of servers) await app.close();
  await anvil?.stop();
  await storage?.close();
});

describe("TRUST_PROXY", () => {
  it("ignores X-Forwarded-For by default: every client behind the balancer shares its address's budget", async () => {
    expect(await secondClientServed(await serverTrusting(undefined))).toBe(false);
    expect(await secondClientServed(await serverTrusting("false"))).toBe(false);
  });

  it("keys limits on the forwarded client address when the balancer is trusted by address, range, hops or at all", async () => {
    for (const setting of ["10.0.0.5", "10.0.0.0/8", "192.0.2.1, 10.0.0.0/8", "1", "true"]) {
      expect(await secondClientServed(await serverTrusting(setting)), setting).toBe(true);
    }
  });

  it("does not believe X-Forwarded-For from a peer outside the trusted ranges", async () => {
    expect(await secondClientServed(await serverTrusting("192.0.2.0/24,loopback"))).toBe(false);
  });

  it("refuses a value that is none of these, saying what is expected", () => {
    for (const value of ["yes", "10.0.0.0/33", "10.0.0.300", "-1"]) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(EnvError);
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: expected false, true, a number of proxy hops, or comma-separated proxy addresses and CIDR ranges/,
      );
    }
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, ::1" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "::1"]);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
  });
});

import type { FastifyInstance } from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { type PostgresServer, postgresAvailable, startPostgres } from "../../tests/support/postgres-server.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/** Two server instances on one PostgreSQL server: limits and state hold across them, as behind a load balancer. */
const ORIGIN = "https://app.stake.test";
const OWNER = "0x00000000000000000000000000000000000000a1";
// anvil's first dev account: a well-known test key, never used for value.
const account = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");

let postgres: PostgresServer;
let anvil: RunningAnvil;
const storages: Storage[] = [];
let a: FastifyInstance;
let b: FastifyInstance;

async function instance(): Promise<FastifyInstance> {
  const storage = await openStorage({ databaseUrl: postgres.url, dataDir: "unused" });
  storages.push(storage);
  return buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      CORS_ORIGINS: ORIGIN,
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: anvil.rpcUrl,
      RATE_LIMIT_PER_MINUTE: "10",
      ANALYTICS_EVENTS_PER_MINUTE: "4",
    }),
    storage,
    { logger: false },
  );
}

beforeAll(async () => {
  if (!postgresAvailable) return;
  [postgres, anvil] = await Promise.all([startPostgres(), startAnvil()]);
  a = await instance();
  b = await instance();
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  for (const storage of storages) await storage.close();
  await postgres?.stop();
  await anvil?.stop();
});

const chainIdCalls = (count: number) =>
  Array.from({ length: count }, (_, id) => ({ jsonrpc: "2.0", id, method: "eth_chainId" }));
const rpc = (app: FastifyInstance, body: unknown, remoteAddress: string) =>
  app.inject({ method: "POST", url: "/rpc/31337", payload: body as object, remoteAddress });

function expectRetryAfter(response: { headers: Record<string, unknown> }): void {
  const seconds = Number(response.headers["retry-after"]);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
}

describe.skipIf(!postgresAvailable)("limits shared by two server instances on one PostgreSQL server", () => {
  it("counts a client's proxy calls on both instances toward RATE_LIMIT_PER_MINUTE=10: 6 on A and 4 on B pass, the 11th is refused", async () => {
    const client = "198.51.100.7";
    for (let call = 0; call < 6; call++) {
      expect((await rpc(a, { jsonrpc: "2.0", id: call, method: "eth_chainId" }, client)).json()).toMatchObject({
        result: "0x7a69",
      });
    }
    const batch = await rpc(b, chainIdCalls(4), client);
    expect(batch.statusCode).toBe(200);
    expect(batch.json()).toHaveLength(4);
    const eleventh = await rpc(b, { jsonrpc: "2.0", id: 11, method: "eth_chainId" }, client);
    expect(eleventh.statusCode).toBe(429);
    expectRetryAfter(eleventh);
    expect(eleventh.json().error.message).toMatch(
      /^Limit exceeded: Too many calls: at most 10 per minute per client, every call of a batch counted; 10 used and this body holds 1; retry after \d+ s$/,
    );
    expect((await rpc(a, { jsonrpc: "2.0", id: 12, method: "eth_chainId" }, client)).statusCode).toBe(429);
    // Another client has its own budget.
    expect((await rpc(a, chainIdCalls(10), "198.51.100.8")).statusCode).toBe(200);
  });

  it("lets exactly 10 of 20 concurrent calls of one client through when they arrive on both instances at once", async () => {
    const client = "198.51.100.9";
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, id) => rpc(id % 2 ? a : b, { jsonrpc: "2.0", id, method: "eth_chainId" }, client)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it("throttles /contact at 5 a minute per client across both instances: 3 on A and 2 on B pass, the 6th is refused", async () => {
    const send = (app: FastifyInstance) =>
      app.inject({
        method: "POST",
        url: "/contact",
        remoteAddress: "198.51.100.20",
        payload: { type: "feedback", name: "Ada", message: "Hello" },
      });
    for (const app of [a, a, a, b, b]) expect((await send(app)).statusCode).toBe(201);
    const sixth = await send(b);
    expect(sixth.statusCode).toBe(429);
    expectRetryAfter(sixth);
    expect(sixth.json()).toMatchObject({ code: "rate_limited" });
    expect(sixth.json().message).toMatch(/^Too many requests: at most 5 per minute; retry after /);
    expect((await send(a)).statusCode).toBe(429);
  });

  it("limits analytics events per origin to ANALYTICS_EVENTS_PER_MINUTE=4 across both instances: 2 on A and 2 on B pass, the 5th is refused", async () => {
    const post = (app: FastifyInstance, n: number) =>
      app.inject({
        method: "POST",
        url: "/blockchain-api/e?projectId=test-project&st=appkit&sv=html-wagmi-1.7.3",
        headers: { origin: ORIGIN },
        payload: {
          eventId: `event-${n}`,
          url: "https://app.stake.test/ethereum/staking",
          domain: "app.stake.test",
          timestamp: 1_764_000_000_000,
          props: { type: "track", event: "MODAL_OPEN" },
        },
      });
    for (const [n, app] of [a, a, b, b].entries()) expect((await post(app, n)).statusCode).toBe(204);
    const fifth = await post(b, 5);
    expect(fifth.statusCode).toBe(429);
    expectRetryAfter(fifth);
    expect(fifth.json().message).toMatch(/^Too many requests: at most 4 a minute per page origin; retry after \d+ s$/);
  });
});

describe.skipIf(!postgresAvailable)("state shared by two server instances on one PostgreSQL server", () => {
  it("verifies on B a sign-in whose nonce A issued, and answers on A the session B opened", async () => {
    const nonce = (await a.inject({ method: "GET", url: "/siwe/nonce" })).json().nonce as string;
    const message = createSiweMessage({
      address: account.address,
      chainId: 31337,
      domain: "app.stake.test",
      uri: ORIGIN,
      nonce,
      version: "1",
      issuedAt: new Date(),
    });
    const payload = { message, signature: await account.signMessage({ message }) };
    const verified = await b.inject({ method: "POST", url: "/siwe/verify", payload, headers: { origin: ORIGIN } });
    expect(verified.statusCode).toBe(200);
    const { token } = verified.json();
    const session = await a.inject({
      method: "GET",
      url: "/siwe/session",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ address: account.address, chainId: 31337 });
    // The nonce was used on B: A refuses the same message.
    const replay = await a.inject({ method: "POST", url: "/siwe/verify", payload, headers: { origin: ORIGIN } });
    expect(replay.json()).toMatchObject({ code: "nonce_invalid" });
  });

  it("answers a deposit-data retry on B with the validators A created for the same idempotency key", async () => {
    const payload = {
      owner: OWNER,
      network: "ethereum",
      environment: "devnet",
      credentialType: "0x01",
      validatorCount: 1,
      idempotencyKey: "two-instances-1",
    };
    const first = await a.inject({ method: "POST", url: "/deposit-data", payload });
    const again = await b.inject({ method: "POST", url: "/deposit-data", payload });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().depositData).toEqual(first.json().depositData);
  }, 30_000);
});

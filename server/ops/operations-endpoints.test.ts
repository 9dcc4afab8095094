import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devnetSettings, type RunningDevnet, startDevnet } from "../../tests/support/devnet.ts";
import { type HoldingRelay, startHoldingRelay } from "../../tests/support/holding-relay.ts";
import { type PostgresServer, startPostgres } from "../../tests/support/postgres-server.ts";
import { type ServerInstance, startServerInstance } from "../../tests/support/server-instance.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/**
 * Two server instances on one real PostgreSQL server: /metrics shows which one leads the indexer and counts
 * requests per route pattern; /ready details the database, the upstreams and the indexer's lag, goes 503 while
 * the database is down, and back to 200 when it is up again, without a restart of either instance. While the
 * database is down, requests that need it get 503 with Retry-After, never 500.
 */
const METRICS_TOKEN = "metrics-token-0123456789";
const UPSTREAM_KEY = "path-api-key-5f3a9c";
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

interface IndexerEntry {
  network: string;
  headBlock: number;
  indexedBlock: number;
  lagBlocks: number | null;
}

let postgres: PostgresServer;
let devnet: RunningDevnet;
let relay: HoldingRelay;
let storage: Storage;
const instances: ServerInstance[] = [];
const urls: string[] = [];

const scrape = (base: string, token = METRICS_TOKEN) =>
  fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });

/** Polls until `read` returns a value `done` accepts, or fails after withinMs. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  [postgres, devnet] = await Promise.all([
    startPostgres(),
    startDevnet({ ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 }),
  ]);
  relay = await startHoldingRelay(devnet.ethereum.anvil.rpcUrl);
  storage = await openStorage({ databaseUrl: postgres.url, dataDir: "unused" });
  const start = (name: string, intervalMs: number) => {
    const instance = startServerInstance({
      DATABASE_URL: postgres.url,
      INSTANCE_ID: name,
      PORT: "0",
      LOG_LEVEL: "info",
      SERVE_KINDS: "devnet",
      METRICS_TOKEN,
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: `${relay.url}/${UPSTREAM_KEY}`,
      BEACON_API_URL_ETHEREUM_DEVNET: devnet.beacon.url,
      INDEXER_CONFIRMATIONS: "0",
      INDEXER_INTERVAL_MS: String(intervalMs),
    });
    instances.push(instance);
    return instance;
  };
  const took = (line: { msg?: string }) => line.msg === "took the indexer lease: indexing this environment";
  const listening = (line: { msg?: string }) => line.msg?.startsWith("Server listening at http://127.0.0.1") === true;
  // The first instance takes the lease before the second starts, so which one leads is known.
  await start("instance-a", 200).waitForLog(took, 60_000);
  start("instance-b", 60_000);
  for (const instance of instances) {
    const line = await instance.waitForLog(listening, 60_000);
    urls.push(/http:\/\/127\.0\.0\.1:\d+/.exec(line.msg ?? "")?.[0] as string);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop("SIGKILL")));
  await storage?.close();
  await relay?.close();
  await devnet?.stop();
  await postgres?.stop();
}, 60_000);

describe("GET /metrics on two instances", () => {
  it("shows indexer_leader 1 on the lease holder and 0 on the other, and needs the bearer token", async () => {
    const [leader, standby] = urls as [string, string];
    const leaderText = await (await scrape(leader)).text();
    expect(leaderText).toContain('indexer_leader{network="ethereum",environment="devnet"} 1');
    const standbyText = await (await scrape(standby)).text();
    expect(standbyText).toContain('indexer_leader{network="ethereum",environment="devnet"} 0');
    expect(leaderText).toMatch(/indexer_lag_blocks\{network="ethereum",environment="devnet"\} \d+/);

    const refused = await scrape(leader, "wrong-token-0123456789");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      code: "unauthorized",
      message: "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>",
    });
    expect((await fetch(`${leader}/metrics`)).status).toBe(401);
  });

  it("counts a request under its route pattern, with no address or upstream key in any label", async () => {
    const standby = urls[1] as string;
    const count = async () => {
      const text = await (await scrape(standby)).text();
      const line = text
        .split("\n")
        .find((candidate) =>
          candidate.startsWith('http_requests_total{method="GET",route="/validators",status="200"}'),
        );
      return Number(line?.split(" ").pop() ?? 0);
    };
    const before = await count();
    const query = `owner=${OWNER}&network=ethereum&environment=devnet`;
    expect((await fetch(`${standby}/validators?${query}`)).status).toBe(200);
    expect((await fetch(`${standby}/validators?${query}`)).status).toBe(200);
    expect(await count()).toBe(before + 2);
    expect((await fetch(`${standby}/no-such-page/${OWNER}`)).status).toBe(404);
    const text = await (await scrape(standby)).text();
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/validators"\} \d+/);
    expect(text.toLowerCase()).not.toContain(OWNER.toLowerCase());
    expect(text).not.toContain(UPSTREAM_KEY);
  });
});

describe("GET /ready with details, and the database restarted", () => {
  it("reports the database, each upstream by host only, and the indexer's lag and leader", async () => {
    const [leader, standby] = urls as [string, string];
    const answer = await fetch(`${leader}/ready`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toContain(UPSTREAM_KEY);
    const body = JSON.parse(text);
    expect(body).toMatchObject({ status: "ok", database: "ok" });
    expect(body.upstreams).toContainEqual({
      chainId: 31337,
      network: "ethereum",
      environment: "devnet",
      upstreams: [{ host: new URL(relay.url).host, state: expect.stringMatching(/^(ok|unverified)$/) }],
    });
    const indexed = await until(
      async () => (await (await fetch(`${leader}/ready`)).json()).indexer,
      (entries: IndexerEntry[]) => entries.some((entry) => entry.network === "ethereum" && entry.lagBlocks !== null),
      20_000,
    );
    const ethereum = indexed.find((entry) => entry.network === "ethereum") as IndexerEntry;
    expect(ethereum).toMatchObject({ environment: "devnet", leader: true });
    expect(ethereum.lagBlocks).toBe(ethereum.headBlock - ethereum.indexedBlock);
    expect(ethereum.lagBlocks).toBeLessThanOrEqual(5);
    const other = (await (await fetch(`${standby}/ready`)).json()).indexer.find(
      (entry: { network: string }) => entry.network === "ethereum",
    );
    expect(other).toMatchObject({ environment: "devnet", leader: false, indexedBlock: expect.any(Number) });
  });

  it("answers 503 while the database restarts under load (503 with Retry-After, never 500) and 200 once it is back", async () => {
    const standby = urls[1] as string;
    type Answer = { status: number; retryAfter: string | null; code?: string };
    const answers: Answer[] = [];
    let done = false;
    const validators = async (): Promise<Answer> => {
      const response = await fetch(`${standby}/validators?owner=${OWNER}&network=ethereum&environment=devnet`);
      const body = (await response.json()) as { code?: string };
      return { status: response.status, retryAfter: response.headers.get("retry-after"), code: body.code };
    };
    const clients = Promise.all(
      Array.from({ length: 6 }, async () => {
        while (!done) answers.push(await validators());
      }),
    );
    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    await until(
      async () => count(200),
      (ok) => ok >= 20,
      20_000,
    );
    await postgres.pause();
    await until(
      async () => count(503),
      (refused) => refused >= 10,
      20_000,
    );
    const ready = await fetch(`${standby}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: "unavailable", database: "unavailable" });
    // The RPC proxy does not need the database: it keeps serving.
    const rpc = await fetch(`${standby}/rpc/31337`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    expect(await rpc.json()).toMatchObject({ result: "0x7a69" });

    await postgres.resume();
    await until(
      async () => (await fetch(`${standby}/ready`)).status,
      (status) => status === 200,
      15_000,
    );
    const resumedAt = answers.length;
    await until(
      async () => answers.slice(resumedAt).filter((answer) => answer.status === 200).length,
      (ok) => ok >= 20,
      20_000,
    );
    done = true;
    await clients;
    console.info(
      `${answers.length} reads across the database restart: ${count(200)} answered, ${count(503)} refused with 503`,
    );
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    for (const refused of answers.filter((answer) => answer.status === 503)) {
      expect(refused).toEqual({ status: 503, retryAfter: "5", code: "database_unavailable" });
    }
    expect(answers.slice(-6).map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect((await (await fetch(`${urls[0]}/ready`)).json()).database).toBe("ok");
  }, 90_000);
});

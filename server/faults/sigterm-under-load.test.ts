import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PostgresServer, startPostgres } from "../../tests/support/postgres-server.ts";
import { type ServerInstance, startServerInstance } from "../../tests/support/server-instance.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/**
 * The server process (server/main.ts) gets SIGTERM while a burst of deposit-data requests is in flight: every
 * request it had accepted is answered in full, it exits 0, and the database holds no half-written request (each
 * stored request has all its keys, each answered key is stored).
 */
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BURST = 8;

let postgres: PostgresServer;
let storage: Storage;
let server: ServerInstance;

beforeAll(async () => {
  postgres = await startPostgres();
  storage = await openStorage({ databaseUrl: postgres.url, dataDir: "unused" });
}, 60_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await storage?.close();
  await postgres?.stop();
}, 30_000);

describe("SIGTERM under load", () => {
  it("finishes every deposit-data request in flight and leaves nothing half-written", async () => {
    server = startServerInstance({
      DATABASE_URL: postgres.url,
      PORT: "0",
      LOG_LEVEL: "info",
      SERVE_KINDS: "devnet",
      INDEXER: "off",
      DEPOSIT_VALIDATORS_PER_MINUTE: "10000",
    });
    const listening = await server.waitForLog((line) => line.msg?.startsWith("Server listening at") === true, 60_000);
    const base = /http:\/\/127\.0\.0\.1:\d+/.exec(listening.msg ?? "")?.[0] as string;
    const requests = Array.from({ length: BURST }, (_, i) =>
      fetch(`${base}/deposit-data`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          owner: OWNER,
          network: "ethereum",
          environment: "devnet",
          credentialType: "0x01",
          validatorCount: 2,
          idempotencyKey: `sigterm-burst-${i}`,
        }),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { depositData?: { pubkey: string }[] },
      })),
    );
    // SIGTERM once the server has received every request of the burst, while they are being worked on.
    const received = () =>
      server.logs.filter(
        (line) => line.msg === "incoming request" && (line.req as { url?: string })?.url === "/deposit-data",
      ).length;
    const deadline = Date.now() + 30_000;
    while (received() < BURST && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(received()).toBe(BURST);
    const before = server.logs.filter((line) => line.msg === "request completed").length;
    await server.stop("SIGTERM");
    const answers = await Promise.all(requests);

    expect(server.logs.some((line) => line.msg === "shutting down: finishing requests in flight")).toBe(true);
    // At least some were still in flight when the signal came.
    expect(before).toBeLessThan(BURST);
    expect(answers.map((answer) => answer.status)).toEqual(Array(BURST).fill(201));
    for (const answer of answers) expect(answer.body.depositData).toHaveLength(2);

    const stored = await storage.rows<{ idempotency_key: string; validator_count: number; keys: number }>(
      sql`select r.idempotency_key, r.validator_count, count(k.id)::int as keys
          from deposit_requests r left join validator_keys k on k.request_id = r.id
          group by r.id order by r.idempotency_key`,
    );
    expect(stored).toHaveLength(BURST);
    for (const row of stored) expect(row.keys).toBe(row.validator_count);
    const pubkeys = await storage.rows<{ pubkey: string }>(sql`select pubkey from validator_keys`);
    const answered = answers.flatMap((answer) => answer.body.depositData?.map((entry) => entry.pubkey) ?? []);
    expect(new Set(pubkeys.map((row) => row.pubkey))).toEqual(new Set(answered.map((key) => key.replace(/^0x/, ""))));
  }, 120_000);
});

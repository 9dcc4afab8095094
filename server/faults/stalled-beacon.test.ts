import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devnetSettings, type RunningDevnet, startDevnet } from "../../tests/support/devnet.ts";
import { sendDevnetDeposit } from "../../tests/support/devnet-deposit.ts";
import { type PostgresServer, startPostgres } from "../../tests/support/postgres-server.ts";
import { type ServerInstance, startServerInstance } from "../../tests/support/server-instance.ts";
import { type StallingServer, startStallingServer } from "../../tests/support/stalling-server.ts";
import { openStorage, type Storage } from "../storage/database.ts";

/**
 * The Ethereum devnet's Beacon API node stalls (accepts connections, never answers). The indexer's request times
 * out after BEACON_TIMEOUT_MS, the pass is reported (log and /ready) and retried on the next one, the chain's
 * deposits are still indexed, and the API keeps serving.
 */
const TIMEOUT_MESSAGE = "the Beacon API node did not answer the head block within 500 ms";
// The rewards distributor's Beacon reads time out too (and are reported the same way); this follows the
// indexer's own first read, the head block (the state it then reads the validators at).
const failed = (line: { msg?: string; err?: { message?: string } }) =>
  line.msg === "indexer pass failed; retrying on the next one" && line.err?.message === TIMEOUT_MESSAGE;

let postgres: PostgresServer;
let devnet: RunningDevnet;
let beacon: StallingServer;
let storage: Storage;
let server: ServerInstance;

beforeAll(async () => {
  [postgres, devnet, beacon] = await Promise.all([
    startPostgres(),
    startDevnet({ ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 }),
    startStallingServer(),
  ]);
  storage = await openStorage({ databaseUrl: postgres.url, dataDir: "unused" });
}, 120_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await storage?.close();
  await beacon?.close();
  await devnet?.stop();
  await postgres?.stop();
}, 60_000);

describe("a Beacon API node that stalls", () => {
  it("times the indexer out, reports it in the log and /ready, retries, and the API keeps serving", async () => {
    const owner = devnet.ethereum.accounts[3] as Address;
    // A deposited validator, so the indexer has something to ask the Beacon API about.
    await sendDevnetDeposit(devnet.ethereum.client, owner, 0, 1);
    server = startServerInstance({
      DATABASE_URL: postgres.url,
      PORT: "0",
      LOG_LEVEL: "info",
      SERVE_KINDS: "devnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: devnet.ethereum.anvil.rpcUrl,
      BEACON_API_URL_ETHEREUM_DEVNET: beacon.url,
      BEACON_TIMEOUT_MS: "500",
      INDEXER_CONFIRMATIONS: "0",
      INDEXER_INTERVAL_MS: "200",
    });
    const listening = await server.waitForLog((line) => line.msg?.startsWith("Server listening at") === true, 60_000);
    const base = /http:\/\/127\.0\.0\.1:\d+/.exec(listening.msg ?? "")?.[0] as string;

    const first = await server.waitForLog(failed, 20_000);
    expect(first).toMatchObject({ environment: "ethereum/devnet", err: { message: TIMEOUT_MESSAGE } });
    // Retried: a second pass fails the same way, on a new connection to the node.
    await server.waitForLog((line) => failed(line) && line !== first, 20_000);
    expect(beacon.connections()).toBeGreaterThanOrEqual(2);

    const ready = await fetch(`${base}/ready`);
    expect(ready.status).toBe(200);
    const entry = ((await ready.json()) as { indexer: Record<string, unknown>[] }).indexer.find(
      (candidate) => candidate.network === "ethereum",
    );
    expect(entry).toMatchObject({
      environment: "devnet",
      leader: true,
      lastError: { message: TIMEOUT_MESSAGE },
      lagBlocks: expect.any(Number),
    });

    // The chain's logs were indexed before the Beacon step: the deposit is served, and so is everything else.
    const validators = await fetch(`${base}/validators?owner=${owner}&network=ethereum&environment=devnet`);
    expect(validators.status).toBe(200);
    expect(((await validators.json()) as { validators: unknown[] }).validators).toHaveLength(1);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  }, 120_000);
});

import { and, eq } from "drizzle-orm";
import { type Address, type Hex, numberToHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositContractAbi } from "../../contracts/generated/index.ts";
import { depositContractAddress, devnetSettings, type RunningDevnet, startDevnet } from "../../tests/support/devnet.ts";
import { sendDevnetDeposit } from "../../tests/support/devnet-deposit.ts";
import { type HoldingRelay, startHoldingRelay } from "../../tests/support/holding-relay.ts";
import { type PostgresServer, startPostgres } from "../../tests/support/postgres-server.ts";
import { type ServerInstance, startServerInstance } from "../../tests/support/server-instance.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { indexerCursors, indexerLeases, pendingDeposits, validators } from "../storage/schema.ts";

/**
 * Three server instances on one PostgreSQL server index the Ethereum devnet: one leads, the others stand by.
 * The leader is killed (SIGKILL) in the middle of a chunk; another takes over within 15 s and the indexed
 * deposits match the chain's DepositEvents exactly.
 */
const NAMES = ["instance-a", "instance-b", "instance-c"] as const;
const DEPOSITS = 12;
const devnetScope = and(eq(indexerLeases.network, "ethereum"), eq(indexerLeases.environment, "devnet"));

let postgres: PostgresServer;
let devnet: RunningDevnet;
let relay: HoldingRelay;
let storage: Storage;
const instances = new Map<string, ServerInstance>();
/** The leader the first test killed, and the one that took over. */
let killedLeader = "";
let lastLeader = "";

beforeAll(async () => {
  [postgres, devnet] = await Promise.all([
    startPostgres(),
    startDevnet({ ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 }),
  ]);
  relay = await startHoldingRelay(devnet.ethereum.anvil.rpcUrl);
  // Brings the schema up to date before the instances start, as a deployment's first instance would.
  storage = await openStorage({ databaseUrl: postgres.url, dataDir: "unused" });
}, 120_000);

afterAll(async () => {
  await Promise.all([...instances.values()].map((instance) => instance.stop("SIGKILL")));
  await storage?.close();
  await relay?.close();
  await devnet?.stop();
  await postgres?.stop();
}, 60_000);

const leaseHolder = async () =>
  (await storage.db.select({ holder: indexerLeases.holder }).from(indexerLeases).where(devnetScope))[0]?.holder;

/** Polls until `read` returns a value `done` accepts, or fails after withinMs. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${String(value)} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const deposit = (i: number, owner: Address) => sendDevnetDeposit(devnet.ethereum.client, owner, i, 3);

describe("one indexer leader across three server instances", () => {
  it("indexes with one instance, survives its SIGKILL mid-chunk, and indexes every deposit exactly once", async () => {
    const start = (name: string, intervalMs: number) =>
      instances.set(
        name,
        startServerInstance({
          DATABASE_URL: postgres.url,
          INSTANCE_ID: name,
          PORT: "0",
          LOG_LEVEL: "info",
          SERVE_KINDS: "devnet",
          RPC_UPSTREAM_POLICY: "replace",
          RPC_UPSTREAMS_ETHEREUM_DEVNET: `${relay.url}/${name}`,
          BEACON_API_URL_ETHEREUM_DEVNET: devnet.beacon.url,
          INDEXER_CONFIRMATIONS: "0",
          INDEXER_INTERVAL_MS: String(intervalMs),
          // One block per chunk, so a pass is many chunks and the kill lands inside one.
          INDEXER_CHUNK_BLOCKS: "1",
          // INDEXER_LEASE_MS is left at its default (10 s): the takeover bound is the product's.
        }),
      );
    const took = (line: { msg?: string }) => line.msg === "took the indexer lease: indexing this environment";
    const listening = (line: { msg?: string }) => line.msg?.startsWith("Server listening") === true;
    // The first instance leads and indexes every 100 ms. The two others pass only once a minute, so what makes
    // them take over is the lease's own heartbeat (every 10 s / 4), not a pass that happens to come by.
    start(NAMES[0], 100);
    await instances.get(NAMES[0])?.waitForLog(took, 60_000);
    start(NAMES[1], 60_000);
    start(NAMES[2], 60_000);
    await Promise.all([...instances.values()].map((instance) => instance.waitForLog(listening, 60_000)));
    const leader = await leaseHolder();
    expect(leader).toBe(NAMES[0]);

    const owner = devnet.ethereum.accounts[2] as Address;
    const sent: Hex[] = [];
    for (let i = 0; i < DEPOSITS / 2; i++) sent.push(await deposit(i, owner));
    // The next deposit's chunk: the leader has read its log and asks for its block; it dies before writing.
    const next = (await devnet.ethereum.client.getBlockNumber({ cacheTime: 0 })) + 1n;
    const asked = relay.holdNext("eth_getBlockByNumber", numberToHex(next));
    sent.push(await deposit(DEPOSITS / 2, owner));
    expect(await asked).toBe(leader);
    const readersBefore = new Set(relay.calls.filter((call) => call.method === "eth_getLogs").map((c) => c.client));
    expect([...readersBefore]).toEqual([leader]);
    const callsBefore = relay.calls.length;
    const killedAt = Date.now();
    await instances.get(leader as string)?.stop("SIGKILL");

    for (let i = DEPOSITS / 2 + 1; i < DEPOSITS; i++) sent.push(await deposit(i, owner));
    const successor = await until(leaseHolder, (holder) => holder !== leader, 20_000);
    const takeoverMs = Date.now() - killedAt;
    console.info(`indexer lease taken over by ${successor} ${takeoverMs} ms after the leader's SIGKILL`);
    expect(takeoverMs).toBeLessThanOrEqual(15_000);
    await instances.get(successor as string)?.waitForLog(took, 5_000);

    const head = await devnet.ethereum.client.getBlockNumber({ cacheTime: 0 });
    const cursor = () =>
      storage.db
        .select({ blockNumber: indexerCursors.blockNumber })
        .from(indexerCursors)
        .where(and(eq(indexerCursors.network, "ethereum"), eq(indexerCursors.environment, "devnet")))
        .then((rows) => rows[0]?.blockNumber ?? -1n);
    await until(cursor, (block) => block >= head, 30_000);
    const pending = () =>
      storage.db
        .select()
        .from(pendingDeposits)
        .where(and(eq(pendingDeposits.network, "ethereum"), eq(pendingDeposits.environment, "devnet")))
        .then((rows) => rows.length);
    await until(pending, (count) => count === 0, 10_000);

    const events = await devnet.ethereum.client.getContractEvents({
      address: depositContractAddress,
      abi: depositContractAbi,
      eventName: "DepositEvent",
      fromBlock: 0n,
      toBlock: head,
    });
    const onChain = events.map((event) => ({
      pubkey: (event.args.pubkey as string).slice(2),
      depositTxHash: event.transactionHash,
      depositBlock: event.blockNumber,
      depositedGwei: 32_000_000_000n,
    }));
    const indexed = await storage.db
      .select({
        pubkey: validators.pubkey,
        depositTxHash: validators.depositTxHash,
        depositBlock: validators.depositBlock,
        depositedGwei: validators.depositedGwei,
      })
      .from(validators)
      .where(and(eq(validators.network, "ethereum"), eq(validators.environment, "devnet")))
      .orderBy(validators.depositBlock);
    expect(onChain.map((event) => event.depositTxHash)).toEqual(sent);
    expect(indexed).toEqual(onChain);
    expect(indexed).toHaveLength(DEPOSITS);

    // After the takeover only the successor reads the chain's logs; the third instance never did.
    const readersAfter = new Set(
      relay.calls
        .slice(callsBefore)
        .filter((call) => call.method === "eth_getLogs")
        .map((call) => call.client),
    );
    expect([...readersAfter]).toEqual([successor]);
    killedLeader = leader as string;
    lastLeader = successor as string;
  }, 180_000);

  it("hands the lease over at once when the leader is stopped with SIGTERM, without waiting for it to expire", async () => {
    const standby = NAMES.find((name) => name !== killedLeader && name !== lastLeader) as string;
    const stoppedAt = Date.now();
    await instances.get(lastLeader)?.stop("SIGTERM");
    const lost = (line: { msg?: string }) =>
      line.msg === "no longer holds the indexer lease: not indexing this environment";
    await instances.get(lastLeader)?.waitForLog(lost, 2_000);
    expect(await until(leaseHolder, (holder) => holder !== lastLeader, 10_000)).toBe(standby);
    const handoverMs = Date.now() - stoppedAt;
    console.info(`indexer lease handed over to ${standby} ${handoverMs} ms after the leader's SIGTERM`);
    // An expiring lease (10 s, renewed every 2.5 s) could not be taken in under 7.5 s.
    expect(handoverMs).toBeLessThan(6_000);
  }, 60_000);
});

import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Address, type PublicClient, parseUnits, type TransactionReceipt } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterAfter, registerOne, ssvSend, startSsvChain, validatorKey } from "../../contracts/test/ssv.ts";
import type { TestChain } from "../../contracts/test/test-chain.ts";
import { networks } from "../../src/generated/index.ts";
import { ssvNetworkAddress } from "../../tests/support/devnet.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { Indexer } from "../indexer/indexer.ts";
import { type ServedEnvironment, servedEnvironments } from "../rpc/served-environments.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { indexerCursors } from "../storage/schema.ts";
import { indexSsvLogs } from "./index-ssv-logs.ts";

const IDS = [1n, 2n, 3n, 4n];
const LEASE_MS = 60_000;

let chain: TestChain;
let storage: Storage;
let app: FastifyInstance;
let owner: Address;
let withSsv: ServedEnvironment[];
let withoutSsv: ServedEnvironment[];
let latest: TransactionReceipt;
let firstRegistration: TransactionReceipt;
const indexers: Indexer[] = [];
const errors: unknown[] = [];
const firstKey = validatorKey();

const indexer = (environments: ServedEnvironment[], holder: string) => {
  const created = new Indexer({
    storage,
    environments,
    confirmations: () => 0,
    chunkSize: 50,
    lease: { holder, ttlMs: LEASE_MS },
    onError: (_, error) => errors.push(error),
  });
  indexers.push(created);
  return created;
};
const cursorOf = async (stream: string) =>
  (
    await storage.db
      .select()
      .from(indexerCursors)
      .where(and(eq(indexerCursors.environment, "devnet"), eq(indexerCursors.stream, stream)))
  )[0];
const clusters = async () => {
  const response = await app.inject({
    method: "GET",
    url: `/ssv/clusters?network=ethereum&environment=devnet&owner=${owner}`,
  });
  expect(response.statusCode).toBe(200);
  return (
    response.json() as {
      clusters: { operatorIds: number[]; validators: { publicKey: string }[]; cluster: { validatorCount: number } }[];
    }
  ).clusters;
};
const indexedKeys = async () =>
  (
    await storage.rows<{ public_key: string }>(
      sql`select public_key from ssv_validators where removed_block is null order by block_number`,
    )
  ).map((row) => `0x${row.public_key}`);
const keysListed = async () => (await clusters()).flatMap((cluster) => cluster.validators.map((v) => v.publicKey));

beforeAll(async () => {
  chain = await startSsvChain();
  owner = chain.accounts[1] as Address;
  firstRegistration = await registerOne(chain, owner, IDS, parseUnits("10", 18), undefined, firstKey);
  latest = firstRegistration;
  storage = await openStorage({ dataDir: "memory://" });
  const config = parseEnv({
    LOG_LEVEL: "silent",
    SERVE_KINDS: "devnet",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_UPSTREAMS_ETHEREUM_DEVNET: chain.anvil.rpcUrl,
  });
  app = await buildServer(config, storage, { logger: false });
  // The devnet's Ethereum environment alone, without a Beacon API (this test has none running).
  withSsv = servedEnvironments(config, [networks.ethereum])
    .filter((entry) => entry.environment.id === "devnet" && !entry.subNetwork)
    .map((entry) => ({ ...entry, beaconApiUrl: undefined }));
  // The same environment as it was configured before it had an SSV network.
  withoutSsv = withSsv.map((entry) => {
    const {
      ssv: _token,
      ssvNetwork: _network,
      ssvNetworkViews: _views,
      ...contracts
    } = entry.environment.contracts ?? {};
    const { ssv: _settings, ...environment } = entry.environment;
    return { ...entry, environment: { ...environment, contracts } };
  });
}, 120_000);
afterAll(async () => {
  for (const running of indexers) await running.stop();
  await app?.close();
  await storage?.close();
  await chain?.anvil.stop();
});

describe("the SSV network's own indexer stream", () => {
  it("reads an SSV network configured after the staking logs were indexed past its deploy block", async () => {
    const before = indexer(withoutSsv, "instance-a");
    await before.runOnce();
    await before.stop();
    // The staking logs are indexed past the block of the owner's registration (and the SSV install before it).
    expect((await cursorOf("logs"))?.blockNumber).toBeGreaterThanOrEqual(firstRegistration.blockNumber);
    expect(await cursorOf("ssv")).toBeUndefined();
    expect(await clusters()).toEqual([]);

    // The environment gets its SSV network; the next instance reads it from its start block (the devnet's: 0).
    await indexer(withSsv, "instance-a").runOnce();
    expect(errors).toEqual([]);
    expect((await cursorOf("ssv"))?.blockNumber).toBeGreaterThanOrEqual(firstRegistration.blockNumber);
    const listed = await clusters();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ operatorIds: [1, 2, 3, 4], cluster: { validatorCount: 1 } });
    expect(await keysListed()).toEqual([firstKey.toLowerCase()]);
    const operators = await app.inject({ method: "GET", url: "/ssv/operators?network=ethereum&environment=devnet" });
    expect(operators.json()).toMatchObject({ total: 8 });
  });

  it("writes nothing from a standing-by instance while another holds the indexer lease", async () => {
    const second = validatorKey();
    latest = await registerOne(chain, owner, IDS, 0n, clusterAfter(latest), second);
    await indexer(withSsv, "instance-b").runOnce();
    // (GET /ssv/clusters would answer 502 here: the contract refuses the index's stale cluster snapshot.)
    expect(await indexedKeys()).toEqual([firstKey.toLowerCase()]);
    const holder = indexers[1] as Indexer;
    await holder.runOnce();
    expect(errors).toEqual([]);
    expect(await keysListed()).toEqual([firstKey.toLowerCase(), second.toLowerCase()]);
  });

  it("drops a removed validator from its cluster", async () => {
    const [, second] = await keysListed();
    latest = await ssvSend(chain, owner, "removeValidator", [firstKey, IDS, clusterAfter(latest)]);
    await (indexers[1] as Indexer).runOnce();
    expect(errors).toEqual([]);
    expect(await keysListed()).toEqual([second]);
    expect((await clusters())[0]?.cluster.validatorCount).toBe(1);
  });

  it("takes back what a reorganisation replaced, and only the SSV stream's rows", async () => {
    const kept = await keysListed();
    const snapshot = await chain.client.snapshot();
    const replaced = validatorKey();
    await registerOne(chain, owner, IDS, 0n, clusterAfter(latest), replaced);
    await (indexers[1] as Indexer).runOnce();
    expect(await keysListed()).toEqual([...kept, replaced.toLowerCase()]);
    // The blocks with that registration are replaced by others at the same heights.
    await chain.client.revert({ id: snapshot });
    await chain.client.mine({ blocks: 4 });
    await (indexers[1] as Indexer).runOnce();
    expect(errors).toEqual([]);
    expect(await keysListed()).toEqual(kept);
    const head = await chain.client.getBlock();
    expect(await cursorOf("ssv")).toMatchObject({ blockNumber: head.number, blockHash: head.hash });
    expect(await cursorOf("logs")).toMatchObject({ blockNumber: head.number, blockHash: head.hash });
  });

  it("back-fills over several runs of at most maxChunks chunks, each going on from the last", async () => {
    const fresh = await openStorage({ dataDir: "memory://" });
    const run = () =>
      indexSsvLogs(fresh, {
        network: "ethereum",
        environment: "devnet",
        ssvNetwork: ssvNetworkAddress,
        startBlock: 0n,
        client: chain.client as unknown as PublicClient,
        confirmations: 0,
        chunkSize: 4,
        maxChunks: 2,
        rewindBlocks: 64,
      });
    try {
      expect((await run()).indexedTo).toBe(7n);
      expect((await run()).indexedTo).toBe(15n);
      let last: bigint | undefined = 15n;
      while (last !== undefined) last = (await run()).indexedTo;
      const [row] = await fresh.rows<{ validators: string }>(
        sql`select count(*) as validators from ssv_validators where removed_block is null`,
      );
      expect(Number(row?.validators)).toBe((await indexedKeys()).length);
    } finally {
      await fresh.close();
    }
  });

  it("reads nothing before the start block the environment's config gives its SSV network", async () => {
    const fresh = await openStorage({ dataDir: "memory://" });
    // Started at the first registration's block: the operators were registered before it, at install.
    const startedLater = withSsv.map((entry) => ({
      ...entry,
      environment: {
        ...entry.environment,
        ssv: { verifiedOperators: [], blocksPerDay: 7160, startBlock: Number(firstRegistration.blockNumber) },
      },
    }));
    const pass = new Indexer({ storage: fresh, environments: startedLater, confirmations: () => 0, chunkSize: 50 });
    try {
      await pass.runOnce();
      const [row] = await fresh.rows<{ operators: string; first: string | null }>(
        sql`select (select count(*) from ssv_operators) as operators,
          (select min(block_number)::text from ssv_cluster_snapshots) as first`,
      );
      expect(Number(row?.operators)).toBe(0);
      expect(row?.first).toBe(String(firstRegistration.blockNumber));
    } finally {
      await pass.stop();
      await fresh.close();
    }
  });
});

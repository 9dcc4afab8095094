import { sql } from "drizzle-orm";
import { createPublicClient, createTestClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { networks } from "../../src/generated/index.ts";
import { type RunningAnvil, startAnvil } from "../../tests/support/anvil.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { IndexerStatus } from "../ops/indexer-status.ts";
import { servedEnvironments } from "../rpc/served-environments.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import * as schema from "../storage/schema.ts";
import { Indexer } from "./indexer.ts";
import { startIndexer } from "./start-indexer.ts";

/**
 * The indexer meets another chain than the one its rows come from: a devnet started again (as every `npm start`
 * does, while .data keeps the database) is indexed afresh; a public network's node of another chain stops that
 * environment with an error naming both chains. Plain anvil chains: no contract is needed to tell chains apart.
 */
let storage: Storage;
let devnetChain: RunningAnvil;
let hoodiChain: RunningAnvil;
const OTHER_GENESIS = `0x${"11".repeat(32)}`;
let seeds = 0;

beforeAll(async () => {
  [storage, devnetChain, hoodiChain] = await Promise.all([
    openStorage({ dataDir: "memory://" }),
    startAnvil({ chainId: 31_337 }),
    startAnvil({ chainId: 560_048 }),
  ]);
  await createTestClient({ mode: "anvil", transport: http(devnetChain.rpcUrl) }).mine({ blocks: 5 });
}, 120_000);
afterAll(async () => {
  await storage?.close();
  await devnetChain?.stop();
  await hoodiChain?.stop();
});

const genesisOf = async (chain: RunningAnvil) =>
  (await createPublicClient({ transport: http(chain.rpcUrl) }).getBlock({ blockNumber: 0n })).hash;

/** One row in every table an environment's indexing fills, and a deposit request (not the chain's). */
async function seed(environment: string): Promise<void> {
  const scope = { network: "ethereum", environment };
  const tx = `0x${environment === "devnet" ? "aa" : "bb"}${"00".repeat(31)}`;
  const [validator] = await storage.db
    .insert(schema.validators)
    .values({
      ...scope,
      pubkey: `${environment}-key`,
      owner: "0xowner",
      withdrawalCredentials: "0x01",
      status: "active_ongoing",
      balanceGwei: 32_000_000_000n,
      depositBlock: 153n,
    })
    .returning({ id: schema.validators.id });
  const validatorId = validator?.id as number;
  const onChain = { txHash: tx, logIndex: 0, blockNumber: 153n };
  const day = "2026-11-27";
  await storage.db.insert(schema.validatorDailyRewards).values({
    validatorId,
    day,
    balanceGwei: 32_000_000_000n,
    consensusRewardGwei: 1n,
  });
  await storage.db
    .insert(schema.validatorDeposits)
    .values({ ...scope, ...onChain, pubkey: `${environment}-key`, amountGwei: 32_000_000_000n });
  await storage.db.insert(schema.validatorWithdrawals).values({
    ...scope,
    withdrawalIndex: 7n,
    validatorId,
    slot: 160n,
    amountGwei: 1_000_000n,
    principalGwei: 0n,
    full: false,
  });
  await storage.db.insert(schema.beaconCursors).values({ ...scope, slot: 160n, root: `0x${"cc".repeat(32)}` });
  await storage.db.insert(schema.ownerDailyRewards).values({
    ...scope,
    owner: "0xowner",
    day,
    stakedGwei: 32_000_000_000n,
    consensusRewardGwei: 1n,
    executionRewardWei: "1",
    validatorCount: 1,
  });
  await storage.db.insert(schema.operations).values({
    ...scope,
    ...onChain,
    owner: "0xowner",
    kind: "stake",
    status: "confirmed",
    amountWei: "32",
    details: {},
    occurredAt: new Date(),
  });
  await storage.db
    .insert(schema.executionRewards)
    .values({ ...scope, ...onChain, owner: "0xowner", day, amountWei: "1" });
  await storage.db.insert(schema.pendingDeposits).values({ ...scope, ...onChain, pubkey: `${environment}-key` });
  await storage.db
    .insert(schema.indexerCursors)
    .values([
      { ...scope, stream: "logs", blockNumber: 153n, blockHash: tx },
      { ...scope, stream: "ssv", blockNumber: 153n, blockHash: tx },
    ])
    .onConflictDoUpdate({
      target: [schema.indexerCursors.network, schema.indexerCursors.environment, schema.indexerCursors.stream],
      set: { blockNumber: 153n, blockHash: tx },
    });
  await storage.db
    .insert(schema.ssvOperators)
    .values({ ...scope, operatorId: 1, owner: "0xowner", publicKey: "key", blockNumber: 153n });
  await storage.db.insert(schema.ssvOperatorFees).values({ ...scope, ...onChain, operatorId: 1, feeWei: "1" });
  await storage.db.insert(schema.ssvClusterSnapshots).values({
    ...scope,
    ...onChain,
    owner: "0xowner",
    operatorIds: "1,2,3,4",
    validatorCount: 1,
    networkFeeIndex: "0",
    index: "0",
    active: true,
    balanceWei: "1",
    event: "ValidatorAdded",
  });
  await storage.db
    .insert(schema.ssvValidators)
    .values({ ...scope, ...onChain, publicKey: "key", owner: "0xowner", operatorIds: "1,2,3,4" });
  await storage.db.insert(schema.distributorCursors).values({ ...scope, lastBlock: 153n });
  await storage.db.insert(schema.distributorBlocks).values({
    ...scope,
    blockNumber: 150n,
    blockHash: tx,
    slot: 150n,
    proposerIndex: 0n,
    owner: "0xowner",
    priorityFeesWei: "1",
    transfersWei: "0",
    ownerWei: "1",
    balanceMismatchWei: "0",
  });
  await storage.db.insert(schema.distributorOwed).values({ ...scope, owner: "0xowner", amountWei: "1" });
  // A signed batch of the old chain: re-sent on the new one, it would pay what the old chain owed.
  await storage.db
    .insert(schema.distributorAllocations)
    .values({ ...scope, state: "signed", owners: ["0xowner"], amounts: ["1"], nonce: 0, txHash: tx, rawTx: "0x02" });
  await storage.db
    .insert(schema.validatorClientImports)
    .values({ ...scope, pubkey: `${environment}-key`, client: "http://127.0.0.1:1", state: "imported" });
  await storage.db
    .insert(schema.validatorClientAssignments)
    .values({ ...scope, pubkey: `${environment}-key`, clientId: "local" });
  await storage.db.insert(schema.opsAlerts).values({
    ...scope,
    key: `missed-duties ethereum/${environment} key`,
    kind: "missed-duties",
    message: "missed",
    details: {},
  });
  await storage.db
    .insert(schema.depositedKeys)
    .values({ ...scope, pubkey: `${environment}-key`, txHash: "0xdeposit", blockNumber: 150n });
  await storage.db.insert(schema.frontRunDeposits).values({
    ...scope,
    pubkey: `${environment}-key`,
    txHash: "0xfrontrun",
    logIndex: 0,
    blockNumber: 149n,
    withdrawalCredentials: `01${"00".repeat(11)}${"ab".repeat(20)}`,
    amountGwei: 1_000_000_000n,
    signatureValid: true,
  });
  await storage.db.insert(schema.depositRequests).values({
    owner: "0xowner",
    idempotencyKey: `seed-${++seeds}`,
    ...scope,
    credentialType: "0x01",
    validatorCount: 1,
    amountGwei: 32_000_000_000n,
  });
}

/**
 * Tables holding rows of ethereum/<environment>: those keyed by network and environment (but the indexer's
 * leases, which say who indexes, not what), and the validators' daily rewards.
 */
async function tablesWithRows(environment: string): Promise<Record<string, number>> {
  const tables = await storage.rows<{ table_name: string }>(sql`
    select table_name from information_schema.columns where column_name = 'environment' and table_schema = 'public'
    and table_name in (select table_name from information_schema.columns where column_name = 'network')
    and table_name <> 'indexer_leases'`);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await storage.rows<{ count: string }>(
      sql`select count(*) as count from ${sql.identifier(table_name)} where network = 'ethereum' and environment = ${environment}`,
    );
    if (Number(row?.count) > 0) counts[table_name] = Number(row?.count);
  }
  const [daily] = await storage.rows<{ count: string }>(sql`
    select count(*) as count from validator_daily_rewards r join validators v on v.id = r.validator_id
    where v.network = 'ethereum' and v.environment = ${environment}`);
  if (Number(daily?.count) > 0) counts.validator_daily_rewards = Number(daily?.count);
  return counts;
}

const SEEDED = {
  beacon_cursors: 1,
  validator_deposits: 1,
  validator_withdrawals: 1,
  deposit_requests: 1,
  deposited_keys: 1,
  distributor_allocations: 1,
  distributor_blocks: 1,
  distributor_cursors: 1,
  distributor_owed: 1,
  execution_rewards: 1,
  front_run_deposits: 1,
  indexer_cursors: 2,
  operations: 1,
  ops_alerts: 1,
  owner_daily_rewards: 1,
  pending_deposits: 1,
  ssv_cluster_snapshots: 1,
  ssv_operator_fees: 1,
  ssv_operators: 1,
  ssv_validators: 1,
  validator_client_assignments: 1,
  validator_client_imports: 1,
  validator_daily_rewards: 1,
  validators: 1,
};

function devnetIndexer(events: { startedOver: string[]; errors: unknown[] }): Indexer {
  const config = parseEnv({
    SERVE_KINDS: "devnet",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_UPSTREAMS_ETHEREUM_DEVNET: devnetChain.rpcUrl,
  });
  return new Indexer({
    storage,
    environments: servedEnvironments(config, [networks.ethereum]),
    confirmations: () => 0,
    onError: (_, error) => events.errors.push(error),
    onStartedOver: (environment, reason) => events.startedOver.push(`${environment}: ${reason}`),
  });
}

describe("the indexer on another chain than the one indexed", () => {
  it("starts a devnet over when rows indexed before chains were recorded reach past the new chain's head (the second `npm start`)", async () => {
    await seed("devnet");
    await seed("hoodi");
    expect(await tablesWithRows("devnet")).toEqual(SEEDED);
    const events = { startedOver: [] as string[], errors: [] as unknown[] };
    const indexer = devnetIndexer(events);
    await indexer.runOnce();
    expect(events.errors).toEqual([]);
    expect(events.startedOver).toEqual([
      "ethereum/devnet: block 153 was indexed (stream logs) and the chain's head is block 5",
    ]);
    // Everything read from the old chain is gone; the deposit request (not the chain's) stays; indexing started
    // over from block 0 up to the new chain's head.
    expect(await tablesWithRows("devnet")).toEqual({ deposit_requests: 1, indexer_chains: 1, indexer_cursors: 2 });
    const head = await createPublicClient({ transport: http(devnetChain.rpcUrl) }).getBlock();
    const cursors = await storage.rows<{ stream: string; block_number: string; block_hash: string }>(
      sql`select stream, block_number, block_hash from indexer_cursors where environment = 'devnet' order by stream`,
    );
    expect(cursors.map((row) => [row.stream, BigInt(row.block_number), row.block_hash])).toEqual([
      ["logs", head.number, head.hash],
      ["ssv", head.number, head.hash],
    ]);
    // Another environment's rows are untouched.
    expect(await tablesWithRows("hoodi")).toEqual(SEEDED);
    // Once started over, the next pass goes on as usual: the change is logged once.
    await indexer.runOnce();
    expect(events.startedOver).toHaveLength(1);
    expect(events.errors).toEqual([]);
  }, 60_000);

  it("starts a devnet over when the recorded genesis block is not the chain's, in one transaction", async () => {
    await storage.db.execute(
      sql`update indexer_chains set genesis_hash = ${OTHER_GENESIS} where network = 'ethereum' and environment = 'devnet'`,
    );
    await seed("devnet");
    const events = { startedOver: [] as string[], errors: [] as unknown[] };
    await devnetIndexer(events).runOnce();
    expect(events.errors).toEqual([]);
    const genesis = await genesisOf(devnetChain);
    expect(events.startedOver).toEqual([
      `ethereum/devnet: its genesis block was ${OTHER_GENESIS} (chain id 31337) and is now ${genesis} (chain id 31337)`,
    ]);
    expect(await tablesWithRows("devnet")).toEqual({ deposit_requests: 2, indexer_chains: 1, indexer_cursors: 2 });
    const [chain] = await storage.rows<{ chain_id: string; genesis_hash: string }>(
      sql`select chain_id, genesis_hash from indexer_chains where environment = 'devnet'`,
    );
    expect({ ...chain, chain_id: Number(chain?.chain_id) }).toEqual({ chain_id: 31_337, genesis_hash: genesis });
  }, 60_000);

  it("stops a public network's environment whose node serves another chain, says so in /ready and the log once, and keeps its rows", async () => {
    const before = await tablesWithRows("hoodi");
    await storage.db
      .insert(schema.indexerChains)
      .values({ network: "ethereum", environment: "hoodi", chainId: 560_048, genesisHash: OTHER_GENESIS });
    const config = parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "testnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_HOODI: hoodiChain.rpcUrl,
      INDEXER_INTERVAL_MS: "600000",
    });
    const status = new IndexerStatus();
    const logged: { level: string; details: object; message: string }[] = [];
    const log = (level: string) => (details: object, message: string) => logged.push({ level, details, message });
    const app = await buildServer(config, storage, { logger: false, indexerStatus: status });
    const indexer = startIndexer(
      config,
      storage,
      { info: log("info"), warn: log("warn"), error: log("error") },
      status,
    );
    try {
      await expect.poll(() => status.snapshot().get("ethereum/hoodi")?.stopped, { timeout: 30_000 }).toBe(true);
      const genesis = await genesisOf(hoodiChain);
      const message = `ethereum/hoodi: the RPC node serves another chain than the one indexed: expected genesis block ${OTHER_GENESIS} (chain id 560048), found ${genesis} (chain id 560048). Indexing of ethereum/hoodi stopped and its indexed rows are kept: point its RPC upstreams at a node of the indexed chain and restart the server (README, "When the indexer finds another chain").`;
      const ready = (await app.inject({ method: "GET", url: "/ready" })).json();
      expect(ready.indexer.find((entry: { environment: string }) => entry.environment === "hoodi")).toMatchObject({
        network: "ethereum",
        environment: "hoodi",
        stopped: true,
        lastError: { message },
      });
      // Another pass does not try again: retrying cannot help until the node changes.
      await indexer?.runNow();
      const stops = logged.filter((line) => line.level === "error");
      expect(stops).toEqual([
        {
          level: "error",
          details: { environment: "ethereum/hoodi", err: expect.objectContaining({ message }) },
          message: "indexing of this environment stopped: its node serves another chain",
        },
      ]);
      expect(logged.filter((line) => line.message.startsWith("indexer pass failed"))).toEqual([]);
      expect(await tablesWithRows("hoodi")).toEqual({ ...before, indexer_chains: 1 });
    } finally {
      await indexer?.stop();
      await app.close();
    }
  }, 60_000);

  it("neither rewinds nor loops when a public network's node is behind what was indexed: the pass reports it", async () => {
    await storage.db.execute(
      sql`update indexer_chains set genesis_hash = ${await genesisOf(hoodiChain)} where environment = 'hoodi'`,
    );
    const before = await tablesWithRows("hoodi");
    const errors: unknown[] = [];
    const config = parseEnv({
      SERVE_KINDS: "testnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_HOODI: hoodiChain.rpcUrl,
    });
    const indexer = new Indexer({
      storage,
      environments: servedEnvironments(config, [networks.ethereum]).filter((entry) => entry.environment.id === "hoodi"),
      confirmations: () => 0,
      onError: (_, error) => errors.push(error),
    });
    await indexer.runOnce();
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'ethereum/hoodi: the RPC node\'s head is block 0, behind block 153 the "logs" stream already indexed: nothing is rewound, and indexing goes on once the node has caught up',
    ]);
    expect(await tablesWithRows("hoodi")).toEqual(before);
  }, 60_000);
});

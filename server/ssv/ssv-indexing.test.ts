import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Address, type PublicClient, parseUnits, type TransactionReceipt } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ssvNetworkViewsAbi } from "../../contracts/generated/index.ts";
import {
  approveSsv,
  clusterAfter,
  registerOne,
  ssvSend,
  startSsvChain,
  validatorKey,
} from "../../contracts/test/ssv.ts";
import type { TestChain } from "../../contracts/test/test-chain.ts";
import { ssvNetworkAddress, ssvNetworkViewsAddress } from "../../tests/support/devnet.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { indexerCursors } from "../storage/schema.ts";
import { indexSsvLogs, SSV_STREAM } from "./index-ssv-logs.ts";

const DEVNET = { network: "ethereum", environment: "devnet" } as const;
const IDS = [1n, 2n, 3n, 4n];

let chain: TestChain;
let storage: Storage;
let app: FastifyInstance;
let owner: Address;
let deposited: TransactionReceipt;
let registered: TransactionReceipt[];
const keys = [validatorKey(), validatorKey()];

const indexerOptions = (fence?: () => Promise<void>) => ({
  ...DEVNET,
  ssvNetwork: ssvNetworkAddress,
  startBlock: 0n,
  client: chain.client as unknown as PublicClient,
  confirmations: 0,
  chunkSize: 4,
  rewindBlocks: 64,
  ...(fence ? { fence } : {}),
});
const counts = async () =>
  (
    await storage.rows<{ operators: string; fees: string; validators: string; snapshots: string }>(sql`
      select (select count(*) from ssv_operators) as operators, (select count(*) from ssv_operator_fees) as fees,
        (select count(*) from ssv_validators) as validators, (select count(*) from ssv_cluster_snapshots) as snapshots`)
  ).map((row) => ({
    operators: Number(row.operators),
    fees: Number(row.fees),
    validators: Number(row.validators),
    snapshots: Number(row.snapshots),
  }))[0];
const cursor = async () =>
  (
    await storage.db
      .select()
      .from(indexerCursors)
      .where(and(eq(indexerCursors.network, "ethereum"), eq(indexerCursors.stream, SSV_STREAM)))
  )[0]?.blockNumber;
const viewsCall = { address: ssvNetworkViewsAddress, abi: ssvNetworkViewsAbi } as const;
beforeAll(async () => {
  // The devnet SSV network as `npm start` installs it: 8 operators registered, dev accounts holding SSV.
  chain = await startSsvChain();
  owner = chain.accounts[1] as Address;
  const first = await registerOne(chain, owner, IDS, parseUnits("10", 18), undefined, keys[0]);
  const second = await registerOne(chain, owner, IDS, 0n, clusterAfter(first), keys[1]);
  registered = [first, second];
  await approveSsv(chain, owner, parseUnits("5", 18));
  deposited = await ssvSend(chain, owner, "deposit", [owner, IDS, parseUnits("5", 18), clusterAfter(second)]);
  storage = await openStorage({ dataDir: "memory://" });
  app = await buildServer(
    parseEnv({
      LOG_LEVEL: "silent",
      SERVE_KINDS: "devnet",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: chain.anvil.rpcUrl,
    }),
    storage,
    { logger: false },
  );
}, 120_000);
afterAll(async () => {
  await app?.close();
  await storage?.close();
  await chain?.anvil.stop();
});

describe("indexing the devnet SSV network and reading it back", () => {
  it("resumes after an indexer killed mid-range without writing any row twice, and again when a range is re-indexed", async () => {
    let transactions = 0;
    const killedOnThirdChunk = async () => {
      transactions++;
      if (transactions === 3) throw new Error("indexer killed");
    };
    await expect(indexSsvLogs(storage, indexerOptions(killedOnThirdChunk))).rejects.toThrow("indexer killed");
    // Two chunks of 4 blocks were committed with their rows; the third left nothing behind.
    expect(await cursor()).toBe(7n);
    await indexSsvLogs(storage, indexerOptions());
    expect(await cursor()).toBe(await chain.client.getBlockNumber());
    // 8 devnet operators with their fees, 2 validators, a cluster state after each of the 3 cluster events.
    expect(await counts()).toEqual({ operators: 8, fees: 8, validators: 2, snapshots: 3 });

    const start = await chain.client.getBlock({ blockNumber: 2n });
    await storage.db
      .update(indexerCursors)
      .set({ blockNumber: 2n, blockHash: start.hash })
      .where(eq(indexerCursors.network, "ethereum"));
    await indexSsvLogs(storage, indexerOptions());
    expect(await counts()).toEqual({ operators: 8, fees: 8, validators: 2, snapshots: 3 });
  });

  it("answers the owner's cluster with the contract's own snapshot, balance and burn rate, and the runway they give", async () => {
    const response = await app.inject({
      method: "GET",
      url: `/ssv/clusters?network=ethereum&environment=devnet&owner=${owner}`,
    });
    expect(response.statusCode).toBe(200);
    const cluster = clusterAfter(deposited);
    const [balance, burnRate, threshold, minimum] = await Promise.all([
      chain.client.readContract({ ...viewsCall, functionName: "getBalance", args: [owner, IDS, cluster] }),
      chain.client.readContract({ ...viewsCall, functionName: "getBurnRate", args: [owner, IDS, cluster] }),
      chain.client.readContract({
        address: ssvNetworkViewsAddress,
        abi: ssvNetworkViewsAbi,
        functionName: "getLiquidationThresholdPeriod",
      }),
      chain.client.readContract({
        address: ssvNetworkViewsAddress,
        abi: ssvNetworkViewsAbi,
        functionName: "getMinimumLiquidationCollateral",
      }),
    ]);
    // The larger of the threshold period's burn and the minimum (bigints: Math.max does not take them).
    let collateral = minimum;
    if (burnRate * threshold > minimum) collateral = burnRate * threshold;
    // Days of 7,160 blocks (ethereum's ssv.blocksPerDay, as SSV's tools count), in whole hundredths.
    const runwayDays = Number((((balance - collateral) / burnRate) * 100n) / 7_160n) / 100;
    expect(response.json()).toEqual({
      clusters: [
        {
          operatorIds: [1, 2, 3, 4],
          // The devnet's fees of operators 1 to 4 (1.00, 1.50, 2.00 and 2.50 SSV a year); 1 to 4 are verified.
          operators: [
            { id: 1, fee: "382640000000", feePerYear: "999991376000000000", verified: true, removed: false },
            { id: 2, fee: "573960000000", feePerYear: "1499987064000000000", verified: true, removed: false },
            { id: 3, fee: "765280000000", feePerYear: "1999982752000000000", verified: true, removed: false },
            { id: 4, fee: "956600000000", feePerYear: "2499978440000000000", verified: true, removed: false },
          ],
          validators: keys.map((publicKey, place) => ({
            publicKey: publicKey.toLowerCase(),
            addedAtBlock: Number(registered[place]?.blockNumber),
          })),
          cluster: {
            validatorCount: 2,
            networkFeeIndex: cluster.networkFeeIndex.toString(),
            index: cluster.index.toString(),
            active: true,
            balance: cluster.balance.toString(),
          },
          balance: balance.toString(),
          burnRate: burnRate.toString(),
          runwayDays,
          liquidated: false,
        },
      ],
    });
    // 10 + 5 SSV paid in, less what the cluster burnt by the deposit's block.
    expect(cluster.balance).toBeLessThan(parseUnits("15", 18));
    expect(cluster.balance).toBeGreaterThan(parseUnits("14.99", 18));
    expect(runwayDays).toBeGreaterThan(30);
  });

  it("answers the owner's next nonce (2 validators registered) and the operators as the contract counts them", async () => {
    const nonce = await app.inject({
      method: "GET",
      url: `/ssv/owner-nonce?network=ethereum&environment=devnet&owner=${owner}`,
    });
    expect(nonce.json()).toEqual({ owner, nonce: 2 });

    const listed = await app.inject({
      method: "GET",
      url: "/ssv/operators?network=ethereum&environment=devnet&sort=performance&order=asc",
    });
    const body = listed.json() as {
      total: number;
      operators: {
        id: number;
        owner: string;
        fee: string;
        validatorCount: number;
        verified: boolean;
        publicKey: string;
      }[];
    };
    expect(body.total).toBe(8);
    expect(body.operators.map((operator) => operator.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const operator of body.operators) {
      const [operatorOwner, fee, validatorCount] = await chain.client.readContract({
        address: ssvNetworkViewsAddress,
        abi: ssvNetworkViewsAbi,
        functionName: "getOperatorById",
        args: [BigInt(operator.id)],
      });
      expect(operator, `operator ${operator.id}`).toMatchObject({
        owner: operatorOwner,
        fee: fee.toString(),
        validatorCount,
        verified: operator.id <= 4,
      });
      expect(operator.publicKey).toMatch(/^LS0tLS1CRUdJTi/);
    }
  });

  it("shows a liquidated cluster as liquidated with nothing left, and its operators no longer counting its validators", async () => {
    const other = chain.accounts[2] as Address;
    const ids = [5n, 6n, 7n, 8n];
    const registered = await registerOne(chain, other, ids, parseUnits("5", 18));
    const liquidated = await ssvSend(chain, other, "liquidate", [other, ids, clusterAfter(registered)]);
    await indexSsvLogs(storage, indexerOptions());

    const response = await app.inject({
      method: "GET",
      url: `/ssv/clusters?network=ethereum&environment=devnet&owner=${other}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().clusters).toMatchObject([
      {
        operatorIds: [5, 6, 7, 8],
        cluster: { validatorCount: 1, networkFeeIndex: "0", index: "0", active: false, balance: "0" },
        balance: "0",
        runwayDays: 0,
        liquidated: true,
      },
    ]);
    expect(clusterAfter(liquidated)).toMatchObject({ active: false, balance: 0n });
    const nonce = await app.inject({
      method: "GET",
      url: `/ssv/owner-nonce?network=ethereum&environment=devnet&owner=${other}`,
    });
    expect(nonce.json()).toEqual({ owner: other, nonce: 1 });

    const listed = await app.inject({
      method: "GET",
      url: "/ssv/operators?network=ethereum&environment=devnet&sort=performance&order=asc&search=",
    });
    const counted = (listed.json() as { operators: { id: number; validatorCount: number }[] }).operators;
    for (const id of [5, 6, 7, 8]) {
      const [, , onChain] = await chain.client.readContract({
        ...viewsCall,
        functionName: "getOperatorById",
        args: [BigInt(id)],
      });
      expect(onChain).toBe(0);
      expect(counted.find((operator) => operator.id === id)?.validatorCount).toBe(0);
    }
  });
});

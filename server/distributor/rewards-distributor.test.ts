import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import {
  type Address,
  type Block,
  createPublicClient,
  decodeFunctionData,
  type Hash,
  http,
  type PublicClient,
  parseEther,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ethStakingAbi, rewardsClaimAbi } from "../../contracts/generated/index.ts";
import { executionCredentials, makeDepositData } from "../../contracts/test/deposit-data.ts";
import { startTestChain, type TestChain } from "../../contracts/test/test-chain.ts";
import {
  ethStakingAddress,
  installEthereumContracts,
  type RunningBeaconStandIn,
  rewardsClaimAddress,
  startBeaconStandIn,
} from "../../tests/support/devnet.ts";
import { type Relay, startRelay } from "../../tests/support/relay.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import {
  depositRequests,
  distributorAllocations,
  distributorOwed,
  opsAlerts,
  validatorKeys,
  validators,
} from "../storage/schema.ts";
import { distributorAlerts } from "./distributor-alerts.ts";
import { type DistributorOptions, type DistributorTarget, RewardsDistributor } from "./rewards-distributor.ts";
import { DEVNET_DISTRIBUTOR_KEY } from "./start-distributor.ts";

const SECONDS_PER_EPOCH = 4n;
let chain: TestChain;
let beacon: RunningBeaconStandIn;
let storage: Storage;
let staker: Address;
let pubkey: string;
let safeDir: string;
const operator = privateKeyToAccount(DEVNET_DISTRIBUTOR_KEY);
const entry = { network: "ethereum", environment: { id: "devnet" } } as ServedEnvironment;
const runs = new Set<string>();

beforeAll(async () => {
  chain = await startTestChain(31337);
  staker = chain.accounts[1] as Address;
  // The devnet's RewardsClaim owner is dev account 9, whose key is the devnet operator key.
  expect(chain.accounts[9]).toBe(operator.address);
  await installEthereumContracts(chain.client, { owner: operator.address, feePerValidator: 0n });
  beacon = await startBeaconStandIn({
    rpcUrl: chain.anvil.rpcUrl,
    running: runs,
    autoPropose: false,
    feeRecipientOf: (key) => (runs.has(key) ? rewardsClaimAddress : undefined),
  });
  const deposit = makeDepositData(executionCredentials("0x01", staker));
  pubkey = deposit.pubkey.slice(2).toLowerCase();
  runs.add(deposit.pubkey.toLowerCase());
  const hash = await chain.client.writeContract({
    account: staker,
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "stake",
    args: [[deposit.pubkey], executionCredentials("0x01", staker), [deposit.signature], [deposit.depositDataRoot]],
    value: parseEther("32"),
  });
  await chain.client.waitForTransactionReceipt({ hash });
  await moveClock(10n); // past activation
  safeDir = mkdtempSync(join(tmpdir(), "distributor-safe-"));
});

afterAll(async () => {
  await beacon?.stop();
  await chain?.anvil.stop();
  if (safeDir) rmSync(safeDir, { recursive: true, force: true });
});

beforeEach(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  const [request] = await storage.db
    .insert(depositRequests)
    .values({
      owner: staker.toLowerCase(),
      idempotencyKey: pubkey,
      network: "ethereum",
      environment: "devnet",
      credentialType: "0x01",
      validatorCount: 1,
      amountGwei: 32_000_000_000n,
    })
    .returning();
  await storage.db.insert(validatorKeys).values({
    requestId: request?.id as number,
    position: 0,
    seedBranch: "stake-deposit-keys:v1:ethereum:devnet",
    keyIndex: 0,
    pubkey,
    keystore: {},
    depositData: {},
  });
  await storage.db.insert(validators).values({
    network: "ethereum",
    environment: "devnet",
    pubkey,
    validatorIndex: 0,
    owner: staker.toLowerCase(),
    withdrawalCredentials: executionCredentials("0x01", staker).slice(2),
    status: "active_ongoing",
    balanceGwei: 32_000_000_000n,
  });
});

afterEach(async () => {
  await storage.close();
});

async function moveClock(epochs: bigint) {
  const latest = await chain.client.getBlock();
  await chain.client.setNextBlockTimestamp({ timestamp: latest.timestamp + epochs * SECONDS_PER_EPOCH });
  await chain.client.mine({ blocks: 1 });
}

/** Proposes a block, then moves the clock until it is final; returns the block and its value, read from the chain. */
async function proposeFinalBlock(beforeProposal?: () => Promise<void>): Promise<{ block: Block; value: bigint }> {
  await moveClock(1n);
  await beforeProposal?.();
  await beacon.proposeNow();
  const block = await chain.client.getBlock({ includeTransactions: true });
  expect(block.miner.toLowerCase()).toBe(rewardsClaimAddress.toLowerCase());
  let tips = 0n;
  for (const tx of block.transactions) {
    const receipt = await chain.client.getTransactionReceipt({ hash: typeof tx === "string" ? tx : tx.hash });
    tips += receipt.gasUsed * (receipt.effectiveGasPrice - (block.baseFeePerGas ?? 0n));
  }
  await moveClock(3n); // finalized two epochs behind the head
  return { block, value: tips + parseEther("0.01") };
}

const claimable = () =>
  chain.client.readContract({
    address: rewardsClaimAddress,
    abi: rewardsClaimAbi,
    functionName: "claimable",
    args: [staker],
  });

const target = (mode: "send" | "safe"): DistributorTarget => ({
  network: "ethereum",
  environment: "devnet",
  chainId: 31337,
  beaconApiUrl: beacon.url,
  rewardsClaim: rewardsClaimAddress,
  commissionBps: 1_000n, // 10 %
  mode,
  account: operator,
  safeDir,
});

function distributor(
  options: {
    mode?: "send" | "safe";
    onStep?: (step: string, hash: Hash) => Promise<void>;
    onPass?: DistributorOptions["onPass"];
  } = {},
) {
  return new RewardsDistributor({
    storage,
    targets: [target(options.mode ?? "send")],
    ...(options.onStep ? { onStep: options.onStep } : {}),
    ...(options.onPass ? { onPass: options.onPass } : {}),
  });
}

let reader: PublicClient;
const run = (job: RewardsDistributor) => {
  reader ??= createPublicClient({ cacheTime: 0, pollingInterval: 50, transport: http(chain.anvil.rpcUrl) });
  return job.run(entry, reader);
};

class Killed extends Error {}

/** Blocks the execution node keeps behind its head before calling one finalized (anvil: two epochs of 32). */
const FINALITY_BLOCKS = 64;

/** A JSON-RPC forwarder in front of anvil whose eth_getTransactionReceipt calls fail while `failing` is set. */
async function receiptFailingUpstream(): Promise<Relay & { failing: boolean; reader: PublicClient }> {
  const relay = await startRelay(chain.anvil.rpcUrl);
  const upstream = Object.assign(relay, {
    failing: true,
    reader: createPublicClient({ cacheTime: 0, pollingInterval: 50, transport: http(relay.url, { retryCount: 0 }) }),
  });
  relay.answer = (call) =>
    upstream.failing && call.method === "eth_getTransactionReceipt"
      ? { jsonrpc: "2.0", id: call.id, error: { code: -32603, message: "receipts are unavailable" } }
      : undefined;
  return upstream;
}

describe("execution-layer rewards distributor", () => {
  it("allocates a proposed block's priority fees and transfer, less 10 % commission, to the validator's owner once", async () => {
    const job = distributor();
    await run(job); // starts its cursor at the head
    const before = await claimable();
    const { value } = await proposeFinalBlock();
    await run(job);
    expect((await claimable()) - before).toBe((value * 90n) / 100n);
    await moveClock(3n);
    await run(job);
    await run(distributor()); // a restart: nothing new
    expect((await claimable()) - before).toBe((value * 90n) / 100n);
  });

  it("after a stop between recording the signed batch and sending it, sends that batch once on restart", async () => {
    await run(distributor());
    const before = await claimable();
    const nonce = await chain.client.getTransactionCount({ address: operator.address });
    const { value } = await proposeFinalBlock();
    const stopped = distributor({
      onStep: async (step) => {
        if (step === "signed") throw new Killed("stopped before the broadcast");
      },
    });
    await expect(run(stopped)).rejects.toBeInstanceOf(Killed);
    expect(await claimable()).toBe(before);
    await run(distributor());
    expect((await claimable()) - before).toBe((value * 90n) / 100n);
    expect(await chain.client.getTransactionCount({ address: operator.address })).toBe(nonce + 1);
  });

  it("after a stop between sending the batch and reading its receipt, allocates nothing twice on restart", async () => {
    await run(distributor());
    const before = await claimable();
    const nonce = await chain.client.getTransactionCount({ address: operator.address });
    const { value } = await proposeFinalBlock();
    const stopped = distributor({
      onStep: async (step) => {
        if (step === "broadcast") throw new Killed("stopped after the broadcast");
      },
    });
    await expect(run(stopped)).rejects.toBeInstanceOf(Killed);
    await run(distributor());
    await run(distributor());
    expect((await claimable()) - before).toBe((value * 90n) / 100n);
    expect(await chain.client.getTransactionCount({ address: operator.address })).toBe(nonce + 1);
    const rows = await storage.db.select().from(distributorAllocations);
    expect(rows.map((row) => row.state)).toEqual(["confirmed"]);
  });

  it('with DISTRIBUTOR_MODE "safe" writes a Safe Transaction Builder batch of allocateMany and sends nothing', async () => {
    await run(distributor({ mode: "safe" }));
    const before = await claimable();
    const { value } = await proposeFinalBlock();
    await run(distributor({ mode: "safe" }));
    expect(await claimable()).toBe(before);
    const [row] = await storage.db
      .select()
      .from(distributorAllocations)
      .where(eq(distributorAllocations.state, "written"));
    expect(row?.safeFile && existsSync(row.safeFile)).toBe(true);
    const batch = JSON.parse(readFileSync(row?.safeFile as string, "utf8"));
    expect(batch).toMatchObject({
      version: "1.0",
      chainId: "31337",
      meta: { createdFromSafeAddress: operator.address },
    });
    expect(batch.transactions).toHaveLength(1);
    expect(batch.transactions[0]).toMatchObject({ to: rewardsClaimAddress, value: "0" });
    const call = decodeFunctionData({ abi: rewardsClaimAbi, data: batch.transactions[0].data });
    expect(call.functionName).toBe("allocateMany");
    expect(call.args).toEqual([[staker], [(value * 90n) / 100n]]);
  });

  it("raises a cannot-pay alert while the operator cannot pay the batch's gas, logged once, cleared when it pays", async () => {
    const warnings: string[] = [];
    const log = { info: () => {}, warn: (_: object, message: string) => warnings.push(message) };
    const job = distributor({ onPass: distributorAlerts(storage, log) });
    await run(job);
    const { value } = await proposeFinalBlock();
    const funds = await chain.client.getBalance({ address: operator.address });
    await chain.client.setBalance({ address: operator.address, value: 0n });
    const before = await claimable();
    await run(job);
    await run(job);
    const alerts = await storage.db.select().from(opsAlerts);
    expect(alerts.map((alert) => alert.kind)).toEqual(["distributor-cannot-pay"]);
    expect(alerts[0]?.message).toMatch(
      new RegExp(
        `^the distributor cannot pay: operator ${operator.address} holds 0 wei, the batch's gas needs up to \\d+ wei$`,
      ),
    );
    expect(warnings.filter((message) => message.startsWith("the distributor cannot pay"))).toHaveLength(1);
    expect(await claimable()).toBe(before);
    await chain.client.setBalance({ address: operator.address, value: funds });
    await run(job);
    expect((await claimable()) - before).toBe((value * 90n) / 100n);
    expect(await storage.db.select().from(opsAlerts)).toEqual([]);
  });

  it("raises a fee-recipient mismatch alert for a block whose balance change its value does not explain", async () => {
    const log = { info: () => {}, warn: () => {} };
    const job = distributor({ onPass: distributorAlerts(storage, log) });
    await run(job);
    // In the proposed block, a contract whose constructor self-destructs to RewardsClaim moves 1 ETH there without
    // a Received event: its balance grows by more than the block's value explains.
    const { block } = await proposeFinalBlock(async () => {
      await chain.client.setAutomine(false);
      await chain.client.sendTransaction({
        account: chain.accounts[2] as Address,
        chain: null,
        data: `0x73${rewardsClaimAddress.slice(2)}ff`, // PUSH20 <RewardsClaim> SELFDESTRUCT
        value: parseEther("1"),
      });
    });
    await chain.client.setAutomine(true);
    await run(job);
    const [alert] = await storage.db.select().from(opsAlerts);
    expect(alert).toMatchObject({ kind: "fee-recipient-mismatch" });
    expect(alert?.details).toEqual({
      block: String(block.number),
      hash: block.hash,
      mismatchWei: String(parseEther("1")),
    });
    await proposeFinalBlock();
    await run(job);
    expect(await storage.db.select().from(opsAlerts)).toEqual([]);
  });

  it("refuses to sign with a key that does not own RewardsClaim, naming both accounts", async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const job = new RewardsDistributor({
      storage,
      targets: [{ ...target("send"), account: stranger }],
    });
    await run(job);
    await proposeFinalBlock();
    await expect(run(job)).rejects.toThrow(
      `the distributor's key (account ${stranger.address}) does not own RewardsClaim ${rewardsClaimAddress} (its owner is ${operator.address})`,
    );
  });

  it("keeps a mined batch pending while its receipt cannot be read, pays nothing twice, and confirms it once read", async () => {
    const upstream = await receiptFailingUpstream();
    try {
      await run(distributor());
      // Ether RewardsClaim holds and has not allocated yet (e.g. a transfer outside a proposal): enough to pay twice.
      await chain.client.sendTransaction({
        account: chain.accounts[2] as Address,
        chain: null,
        to: rewardsClaimAddress,
        value: parseEther("1"),
      });
      const before = await claimable();
      const nonce = await chain.client.getTransactionCount({ address: operator.address });
      const { value } = await proposeFinalBlock();
      const stopped = distributor({
        onStep: async (step) => {
          if (step === "broadcast") throw new Killed("stopped after the broadcast");
        },
      });
      await expect(run(stopped)).rejects.toBeInstanceOf(Killed);
      // The batch is mined, and its nonce is final on the execution chain.
      await chain.client.mine({ blocks: FINALITY_BLOCKS });
      const [signed] = await storage.db.select().from(distributorAllocations);
      const warnings: { details: object; message: string }[] = [];
      const log = { info: () => {}, warn: (details: object, message: string) => warnings.push({ details, message }) };
      const job = distributor({ onPass: distributorAlerts(storage, log) });
      for (let pass = 0; pass < 3; pass++) await job.run(entry, upstream.reader);
      expect((await claimable()) - before).toBe((value * 90n) / 100n);
      expect(await chain.client.getTransactionCount({ address: operator.address })).toBe(nonce + 1);
      expect((await storage.db.select().from(distributorAllocations)).map((row) => row.state)).toEqual(["signed"]);
      expect(await storage.db.select().from(distributorOwed)).toEqual([]);
      const alerts = await storage.db.select().from(opsAlerts);
      expect(alerts.map((alert) => alert.message)).toEqual([
        `the distributor could not read the outcome of allocation batch ${signed?.txHash} in 3 passes in a row (reading the receipt of ${signed?.txHash}: the node answered JSON-RPC error -32603 (An internal error was received)); the batch stays pending and nothing is allocated again until a read succeeds`,
      ]);
      expect(warnings.map((warning) => warning.message)).toEqual([alerts[0]?.message]);
      expect(JSON.stringify(warnings)).not.toContain(upstream.url);

      upstream.failing = false;
      await job.run(entry, upstream.reader);
      expect((await storage.db.select().from(distributorAllocations)).map((row) => row.state)).toEqual(["confirmed"]);
      expect(await storage.db.select().from(opsAlerts)).toEqual([]);
      await job.run(entry, upstream.reader);
      expect((await claimable()) - before).toBe((value * 90n) / 100n);
    } finally {
      await upstream.close();
    }
  });

  it("fails a batch whose nonce another transaction took once that is final, and allocates its amounts once", async () => {
    await run(distributor());
    const before = await claimable();
    const { value } = await proposeFinalBlock();
    const stopped = distributor({
      onStep: async (step) => {
        if (step === "signed") throw new Killed("stopped before the broadcast");
      },
    });
    await expect(run(stopped)).rejects.toBeInstanceOf(Killed);
    const [signed] = await storage.db.select().from(distributorAllocations);
    // The operator's key sends another transaction with the batch's nonce.
    const replacement = await chain.client.sendTransaction({
      account: operator.address,
      chain: null,
      to: operator.address,
      value: 0n,
    });
    expect((await chain.client.getTransaction({ hash: replacement })).nonce).toBe(signed?.nonce);
    const job = distributor();
    await run(job); // used, not final yet: a reorganisation could still undo the replacement
    expect((await storage.db.select().from(distributorAllocations)).map((row) => row.state)).toEqual(["signed"]);
    await chain.client.mine({ blocks: FINALITY_BLOCKS });
    await run(job);
    const [failed] = await storage.db.select().from(distributorAllocations);
    expect(failed).toMatchObject({
      state: "failed",
      lastError: `nonce ${signed?.nonce} was used by another transaction, now finalized`,
    });
    expect(await storage.db.select().from(distributorOwed)).toEqual([
      expect.objectContaining({ owner: staker.toLowerCase(), amountWei: String((value * 90n) / 100n) }),
    ]);
    await run(job);
    await run(job);
    expect((await claimable()) - before).toBe((value * 90n) / 100n);
  });
});

import { eq } from "drizzle-orm";
import { type Address, parseEther } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ethStakingAbi } from "../../contracts/generated/index.ts";
import { executionCredentials, makeDepositData } from "../../contracts/test/deposit-data.ts";
import { startTestChain, type TestChain } from "../../contracts/test/test-chain.ts";
import {
  ethStakingAddress,
  installEthereumContracts,
  type RunningBeaconStandIn,
  startBeaconStandIn,
  startValidatorClient,
} from "../../tests/support/devnet.ts";
import { freePort } from "../../tests/support/free-port.ts";
import { devnetHandoffTarget, insertProviderKey } from "../../tests/support/provider-keys.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { validatorClientImports, validators } from "../storage/schema.ts";
import { ValidatorHandoff } from "../validator-clients/validator-handoff.ts";
import { OpsMonitor } from "./ops-monitor.ts";

const OPS_TOKEN = "ops-token-for-tests-0123456789";
const SECONDS_PER_EPOCH = 4n;
/** Handoff passes take up to a second on a busy machine (the first one longer). */
const WAIT = { timeout: 30_000, interval: 50 };
let chain: TestChain;
let beacon: RunningBeaconStandIn;
let storage: Storage;
let pubkey: string;
let warnings: { details: Record<string, unknown>; message: string }[];

beforeAll(async () => {
  chain = await startTestChain(31337);
  const staker = chain.accounts[1] as Address;
  await installEthereumContracts(chain.client, { owner: chain.accounts[0] as Address, feePerValidator: 0n });
  beacon = await startBeaconStandIn({ rpcUrl: chain.anvil.rpcUrl });
  const deposit = makeDepositData(executionCredentials("0x01", staker));
  pubkey = deposit.pubkey.slice(2).toLowerCase();
  const hash = await chain.client.writeContract({
    account: staker,
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "stake",
    args: [[deposit.pubkey], executionCredentials("0x01", staker), [deposit.signature], [deposit.depositDataRoot]],
    value: parseEther("32"),
  });
  await chain.client.waitForTransactionReceipt({ hash });
  await moveClock(10n); // active from epoch ~5 on
});
afterAll(async () => {
  await beacon?.stop();
  await chain?.anvil.stop();
});
beforeEach(async () => {
  storage = await openStorage({ dataDir: "memory://" });
  warnings = [];
  const scope = { network: "ethereum", environment: "devnet", pubkey };
  await storage.db.insert(validators).values({
    ...scope,
    validatorIndex: 0,
    owner: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    withdrawalCredentials: `01${"00".repeat(31)}`,
    status: "active_ongoing",
    balanceGwei: 32_000_000_000n,
  });
  await storage.db.insert(validatorClientImports).values({ ...scope, client: "local", state: "imported" });
});
afterEach(async () => {
  beacon.node.offline.clear();
  await storage.close();
});

/** A port nothing listens on (taken, then given back). */
async function moveClock(epochs: bigint) {
  const latest = await chain.client.getBlock();
  await chain.client.setNextBlockTimestamp({ timestamp: latest.timestamp + epochs * SECONDS_PER_EPOCH });
  await chain.client.mine({ blocks: 1 });
}

const entry = () =>
  ({ network: "ethereum", environment: { id: "devnet" }, beaconApiUrl: beacon.url }) as unknown as ServedEnvironment;

const monitor = () =>
  new OpsMonitor({
    storage,
    missedEpochs: 3,
    warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }),
  });

async function listedAlerts() {
  const app = await buildServer(
    parseEnv({ LOG_LEVEL: "silent", SERVE_KINDS: "devnet", OPS_TOKEN, DEPOSIT_WORKERS: "1" }),
    storage,
    { logger: false },
  );
  const denied = await app.inject({ url: "/ops/alerts" });
  expect(denied.statusCode).toBe(401);
  const response = await app.inject({ url: "/ops/alerts", headers: { authorization: `Bearer ${OPS_TOKEN}` } });
  await app.close();
  expect(response.statusCode).toBe(200);
  return response.json().alerts as { kind: string; message: string; details: Record<string, unknown> }[];
}

describe("operator alerts", () => {
  it("raises a missed-duties alert after 3 epochs without duties, logs it once, and clears it when duties resume", async () => {
    await monitor().run(entry());
    expect(await listedAlerts()).toEqual([]);

    beacon.node.offline.add(`0x${pubkey}`);
    const job = monitor(); // keeps its count of missed epochs between passes
    for (const epochs of [1, 2]) {
      await moveClock(1n);
      await job.run(entry());
      await job.run(entry()); // the same epoch again: not counted twice
      expect(await listedAlerts(), `after ${epochs} missed epoch(s)`).toEqual([]);
    }
    await moveClock(1n);
    await job.run(entry());
    await moveClock(1n);
    await job.run(entry()); // still missing: listed, not logged again
    const alerts = await listedAlerts();
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: "missed-duties",
        message: "validator 0 missed its duties in each of the last 3 epochs: is its validator client running?",
        details: { pubkey: `0x${pubkey}`, index: 0, epochs: 3 },
      }),
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.details).toMatchObject({ alert: "missed-duties", pubkey: `0x${pubkey}` });

    beacon.node.offline.clear();
    await moveClock(1n);
    await job.run(entry());
    expect(await listedAlerts()).toEqual([]);
  });

  it("raises an import-failed alert when a validator client stays down through 3 attempts, and clears it once it imports", async () => {
    const key = await insertProviderKey(storage);
    const port = await freePort();
    const handoff = new ValidatorHandoff({
      storage,
      backoffMs: 1,
      targets: [
        devnetHandoffTarget(beacon.url, [
          { id: "local", url: `http://127.0.0.1:${port}`, token: "stake-devnet-keymanager-token-public-not-secret" },
        ]),
      ],
    });
    const attempts = async () =>
      (await storage.db.select().from(validatorClientImports).where(eq(validatorClientImports.pubkey, key)))[0]
        ?.attempts ?? 0;
    await vi.waitFor(async () => {
      await handoff.runNow();
      await monitor().run(entry());
      if ((await attempts()) < 2) throw new Error("fewer than 2 attempts");
    }, WAIT);
    expect((await listedAlerts()).map((alert) => alert.kind)).not.toContain("import-failed");
    await vi.waitFor(async () => {
      await handoff.runNow();
      if ((await attempts()) < 3) throw new Error("fewer than 3 attempts");
    }, WAIT);
    await monitor().run(entry());
    expect(await listedAlerts()).toEqual([
      expect.objectContaining({
        kind: "import-failed",
        message: `validator key 0x${key} is still not imported into a validator client after 3 attempts`,
        details: expect.objectContaining({ lastError: expect.stringContaining("validator client unreachable") }),
      }),
    ]);
    const vc = await startValidatorClient({ port, defaultFeeRecipient: `0x${"00".repeat(20)}` });
    try {
      await vi.waitFor(async () => {
        await handoff.runNow();
        expect(vc.store.has(`0x${key}`)).toBe(true);
      }, WAIT);
      await monitor().run(entry());
      expect(await listedAlerts()).toEqual([]);
    } finally {
      await handoff.stop();
      await vc.stop();
    }
  });
});

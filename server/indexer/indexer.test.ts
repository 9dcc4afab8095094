import type { FastifyInstance } from "fastify";
import { type Hex, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethStakingAbi, rewardsClaimAbi } from "../../contracts/generated/index.ts";
import { type DepositDataEntry, verifyDepositData } from "../../src/core/deposit/index.ts";
import { networks } from "../../src/generated/index.ts";
import {
  devnetSettings,
  ethStakingAddress,
  type RunningDevnet,
  rewardsClaimAddress,
  startDevnet,
} from "../../tests/support/devnet.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { servedEnvironments } from "../rpc/served-environments.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { Indexer } from "./indexer.ts";

let devnet: RunningDevnet;
let storage: Storage;
let app: FastifyInstance;
let indexer: Indexer;
let owner: Hex;
const errors: unknown[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 });
  owner = devnet.ethereum.accounts[1] as Hex;
  storage = await openStorage({ dataDir: "memory://" });
  const config = parseEnv({
    LOG_LEVEL: "silent",
    SERVE_KINDS: "devnet",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_UPSTREAMS_ETHEREUM_DEVNET: devnet.ethereum.anvil.rpcUrl,
    BEACON_API_URL_ETHEREUM_DEVNET: devnet.beacon.url,
  });
  app = await buildServer(config, storage, { logger: false });
  const environments = servedEnvironments(config, [networks.ethereum]);
  indexer = new Indexer({ storage, environments, confirmations: () => 0, onError: (_, error) => errors.push(error) });
});
afterAll(async () => {
  await indexer?.stop();
  await app?.close();
  await storage?.close();
  await devnet?.stop();
});

const read = async (path: string) =>
  (
    await app.inject({
      method: "GET",
      url: `${path}${path.includes("?") ? "&" : "?"}owner=${owner}&network=ethereum&environment=devnet`,
    })
  ).json();

/** Credits `to` on RewardsClaim from dev account 3 (accrue): the devnet allocates nothing by hand. */
async function credit(to: Hex, eth: string): Promise<void> {
  const hash = await devnet.ethereum.client.writeContract({
    account: devnet.ethereum.accounts[3] as Hex,
    address: rewardsClaimAddress,
    abi: rewardsClaimAbi,
    functionName: "accrue",
    args: [to],
    value: parseEther(eth),
  });
  await devnet.ethereum.client.waitForTransactionReceipt({ hash });
}

async function stakeTwoValidators(): Promise<DepositDataEntry[]> {
  const response = await app.inject({
    method: "POST",
    url: "/deposit-data",
    payload: {
      owner,
      network: "ethereum",
      environment: "devnet",
      credentialType: "0x01",
      validatorCount: 2,
      idempotencyKey: "indexer-test-stake",
    },
  });
  const { depositData } = response.json() as { depositData: DepositDataEntry[] };
  const fork = networks.ethereum.environments.find((environment) => environment.id === "devnet")
    ?.genesisForkVersion as string;
  expect(
    verifyDepositData(depositData, {
      forkVersion: fork,
      withdrawalAddress: owner,
      credentialType: "0x01",
      amountsGwei: [32_000_000_000n, 32_000_000_000n],
    }),
  ).toMatchObject({ ok: true });
  const hex = (value: string) => `0x${value}` as Hex;
  const hash = await devnet.ethereum.client.writeContract({
    account: owner,
    address: ethStakingAddress,
    abi: ethStakingAbi,
    functionName: "stake",
    args: [
      depositData.map((entry) => hex(entry.pubkey)),
      hex(depositData[0]?.withdrawal_credentials ?? ""),
      depositData.map((entry) => hex(entry.signature)),
      depositData.map((entry) => hex(entry.deposit_data_root)),
    ],
    value: 64n * 10n ** 18n,
  });
  expect((await devnet.ethereum.client.waitForTransactionReceipt({ hash })).status).toBe("success");
  return depositData;
}

describe("indexer on the devnet", () => {
  it("shows a deposit made through the batch staking contract as validators and a stake operation", async () => {
    const deposits = await stakeTwoValidators();
    await indexer.runOnce();
    expect(errors).toEqual([]);
    const { validators } = await read("/validators");
    expect(validators.map((validator: { pubkey: string }) => validator.pubkey).sort()).toEqual(
      deposits.map((entry) => `0x${entry.pubkey}`).sort(),
    );
    expect(validators[0]).toMatchObject({ depositAddress: owner, withdrawalAddress: owner });
    const { operations } = await read("/operations");
    expect(operations).toEqual([
      expect.objectContaining({
        kind: "stake",
        amountWei: (64n * 10n ** 18n).toString(),
        details: { validators: 2, feeWei: "0" },
      }),
    ]);
  });

  it("follows the validators to active on the Beacon API and records their consensus rewards a day later", async () => {
    await devnet.ethereum.client.increaseTime({ seconds: 26 * 3600 });
    await devnet.ethereum.client.mine({ blocks: 1 });
    await credit(owner, "0.5");
    await indexer.runOnce();
    expect(errors).toEqual([]);
    const { validators } = await read("/validators");
    for (const validator of validators) {
      expect(validator.status).toBe("active_ongoing");
      expect(BigInt(validator.balanceWei)).toBeGreaterThan(32n * 10n ** 18n);
      expect(validator.index).toBeTypeOf("number");
    }
    const summary = await read("/rewards/summary");
    expect(summary.validatorCount).toBe(2);
    expect(summary.stakedWei).toBe((64n * 10n ** 18n).toString());
    expect(BigInt(summary.consensusRewardsWei)).toBeGreaterThan(0n);
    // Execution-layer rewards credited to the owner (accrue above) count as earned.
    expect(summary.executionRewardsWei).toBe(parseEther("0.5").toString());
    // 26 hours of devnet chain time are 23,400 epochs, over 7 days of 225: a measured APR, the consensus
    // rewards' 2.85 % a year (11,104 gwei an epoch on 32 ETH, a little less for the epochs before activation)
    // plus the 0.5 ETH of execution rewards on 64 ETH (about 2.7 % over those epochs).
    expect(Number(summary.averageApr)).toBeGreaterThan(5);
    expect(Number(summary.averageApr)).toBeLessThan(5.7);
  });

  it("records a claim once, even when the indexer restarts and runs again", async () => {
    const hash = await devnet.ethereum.client.writeContract({
      account: owner,
      address: rewardsClaimAddress,
      abi: rewardsClaimAbi,
      functionName: "claim",
    });
    await devnet.ethereum.client.waitForTransactionReceipt({ hash });
    await indexer.runOnce();
    const restarted = new Indexer({
      storage,
      environments: servedEnvironments(
        parseEnv({
          SERVE_KINDS: "devnet",
          RPC_UPSTREAM_POLICY: "replace",
          RPC_UPSTREAMS_ETHEREUM_DEVNET: devnet.ethereum.anvil.rpcUrl,
        }),
        [networks.ethereum],
      ),
      confirmations: () => 0,
    });
    await restarted.runOnce();
    const { operations } = await read("/operations");
    expect(operations.map((operation: { kind: string }) => operation.kind)).toEqual(["claim", "stake"]);
  });

  it("takes back what a chain reorganisation replaced", async () => {
    const other = devnet.ethereum.accounts[2] as Hex;
    await credit(other, "0.2");
    const snapshot = await devnet.ethereum.client.snapshot();
    const hash = await devnet.ethereum.client.writeContract({
      account: other,
      address: rewardsClaimAddress,
      abi: rewardsClaimAbi,
      functionName: "claim",
    });
    expect((await devnet.ethereum.client.waitForTransactionReceipt({ hash })).status).toBe("success");
    await indexer.runOnce();
    expect(errors).toEqual([]);
    const claimsOf = async () =>
      (
        await (
          await app.inject({ method: "GET", url: `/operations?owner=${other}&network=ethereum&environment=devnet` })
        ).json()
      ).operations;
    expect(await claimsOf()).toHaveLength(1);
    // The block with the claim is replaced by other blocks at the same heights.
    await devnet.ethereum.client.revert({ id: snapshot });
    await devnet.ethereum.client.mine({ blocks: 3 });
    await indexer.runOnce();
    expect(errors).toEqual([]);
    expect(await claimsOf()).toEqual([]);
  });
});

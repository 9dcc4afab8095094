import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deriveKeyFromEntropy, deriveKeyFromMaster, eth2ValidatorPaths } from "@chainsafe/bls-keygen";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { type Abi, type Address, encodeFunctionData, getAddress, type Hex, hexToBytes, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileContracts } from "../../contracts/build/compile-contracts.ts";
import { depositContractAbi, ethStakingAbi, rewardsClaimAbi } from "../../contracts/generated/index.ts";
import { depositDataRoot } from "../../contracts/test/deposit-data.ts";
import { startTestChain, type TestChain } from "../../contracts/test/test-chain.ts";
import { createDepositData, type DepositDataEntry, withdrawalCredentials } from "../../src/core/deposit/index.ts";
import { networks } from "../../src/generated/index.ts";
import {
  depositContractAddress,
  ethStakingAddress,
  installEthereumContracts,
  type RunningBeaconStandIn,
  rewardsClaimAddress,
  startBeaconStandIn,
} from "../../tests/support/devnet.ts";
import { OpsMonitor } from "../alerts/ops-monitor.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { DEVNET_DEPOSIT_SEED } from "../deposits/devnet-keys.ts";
import { branchSeed } from "../deposits/seed-branch.ts";
import { RewardsDistributor } from "../distributor/rewards-distributor.ts";
import { DEVNET_DISTRIBUTOR_KEY } from "../distributor/start-distributor.ts";
import { servedEnvironments } from "../rpc/served-environments.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { opsAlerts, validatorKeys, validators } from "../storage/schema.ts";
import { Indexer } from "./indexer.ts";

/**
 * Who a validator belongs to: the caller of the staking contract (a smart-contract wallet, not the account
 * that sent its transaction), and never a front-runner's deposit with credentials the server did not issue.
 */
const SECONDS_PER_EPOCH = 4n;
const fork = networks.ethereum.environments.find((environment) => environment.id === "devnet")
  ?.genesisForkVersion as Hex;
const operator = privateKeyToAccount(DEVNET_DISTRIBUTOR_KEY);
const walletOwner = privateKeyToAccount(generatePrivateKey());
const runs = new Set<string>();
const errors: unknown[] = [];
const warnings: string[] = [];
let chain: TestChain;
let beacon: RunningBeaconStandIn;
let storage: Storage;
let app: FastifyInstance;
let indexer: Indexer;
let walletAbi: Abi;
let walletBytecode: Hex;

beforeAll(async () => {
  const compiled = compileContracts(join(dirname(fileURLToPath(import.meta.url)), "test-wallet"));
  expect(compiled.errors).toEqual([]);
  const wallet = compiled.contracts.find((contract) => contract.name === "RelayedWallet");
  walletAbi = wallet?.abi as Abi;
  walletBytecode = wallet?.bytecode as Hex;
  chain = await startTestChain(31337);
  expect(chain.accounts[9]).toBe(operator.address);
  await installEthereumContracts(chain.client, { owner: operator.address, feePerValidator: 0n });
  beacon = await startBeaconStandIn({
    rpcUrl: chain.anvil.rpcUrl,
    running: runs,
    autoPropose: false,
    feeRecipientOf: (key) => (runs.has(key) ? rewardsClaimAddress : undefined),
  });
  storage = await openStorage({ dataDir: "memory://" });
  const config = parseEnv({
    LOG_LEVEL: "silent",
    SERVE_KINDS: "devnet",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_UPSTREAMS_ETHEREUM_DEVNET: chain.anvil.rpcUrl,
    BEACON_API_URL_ETHEREUM_DEVNET: beacon.url,
  });
  app = await buildServer(config, storage, { logger: false });
  indexer = new Indexer({
    storage,
    environments: servedEnvironments(config, [networks.ethereum]),
    confirmations: () => 0,
    onError: (_, error) => errors.push(error),
    distributor: new RewardsDistributor({
      storage,
      targets: [
        {
          network: "ethereum",
          environment: "devnet",
          chainId: 31337,
          beaconApiUrl: beacon.url,
          rewardsClaim: rewardsClaimAddress,
          commissionBps: 1_000n, // 10 %
          mode: "send",
          account: operator,
        },
      ],
    }),
    monitor: new OpsMonitor({ storage, missedEpochs: 3, warn: (_, message) => warnings.push(message) }),
  });
}, 120_000);

afterAll(async () => {
  await indexer?.stop();
  await app?.close();
  await storage?.close();
  await beacon?.stop();
  await chain?.anvil.stop();
});

const hex = (value: string) => `0x${value}` as Hex;

async function depositData(owner: Address, idempotencyKey: string): Promise<DepositDataEntry> {
  const response = await app.inject({
    method: "POST",
    url: "/deposit-data",
    payload: {
      owner,
      network: "ethereum",
      environment: "devnet",
      credentialType: "0x01",
      validatorCount: 1,
      idempotencyKey,
    },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { depositData: DepositDataEntry[] }).depositData[0] as DepositDataEntry;
}

const stakeCall = (entry: DepositDataEntry) =>
  encodeFunctionData({
    abi: ethStakingAbi,
    functionName: "stake",
    args: [
      [hex(entry.pubkey)],
      hex(entry.withdrawal_credentials),
      [hex(entry.signature)],
      [hex(entry.deposit_data_root)],
    ],
  });

async function mined(hash: Hex): Promise<void> {
  expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe("success");
}

async function listed(owner: Address): Promise<{ pubkey: string; depositAddress: string }[]> {
  const response = await app.inject({
    method: "GET",
    url: `/validators?owner=${owner}&network=ethereum&environment=devnet`,
  });
  return response.json().validators;
}

/** A deposit of `amountGwei` for `entry`'s key straight to the deposit contract, from and for `sender`. */
async function depositDirectly(sender: Address, entry: DepositDataEntry, amountGwei: bigint, signed: boolean) {
  const [key] = await storage.db.select().from(validatorKeys).where(eq(validatorKeys.pubkey, entry.pubkey));
  // Devnet keys come from a public seed: the front-runner holds the key, as after a leak.
  const master = deriveKeyFromEntropy(branchSeed(DEVNET_DEPOSIT_SEED, key?.seedBranch as string));
  const forged = createDepositData({
    secretKey: deriveKeyFromMaster(master, eth2ValidatorPaths(key?.keyIndex as number).signing),
    withdrawalCredentials: withdrawalCredentials("0x01", sender),
    amountGwei,
    forkVersion: hexToBytes(fork),
    networkName: "devnet",
  });
  expect(forged.pubkey).toBe(entry.pubkey);
  const signature = signed ? hex(forged.signature) : hex(entry.signature); // the staker's: not valid for these
  const root = depositDataRoot(hex(forged.pubkey), hex(forged.withdrawal_credentials), amountGwei, signature);
  await mined(
    await chain.client.writeContract({
      account: sender,
      address: depositContractAddress,
      abi: depositContractAbi,
      functionName: "deposit",
      args: [hex(forged.pubkey), hex(forged.withdrawal_credentials), signature, root],
      value: amountGwei * 1_000_000_000n,
    }),
  );
}

async function moveClock(epochs: bigint) {
  const latest = await chain.client.getBlock();
  await chain.client.setNextBlockTimestamp({ timestamp: latest.timestamp + epochs * SECONDS_PER_EPOCH });
  await chain.client.mine({ blocks: 1 });
}

const claimable = (owner: Address) =>
  chain.client.readContract({
    address: rewardsClaimAddress,
    abi: rewardsClaimAbi,
    functionName: "claimable",
    args: [owner],
  });

describe("who a deposited validator belongs to", () => {
  it("gives a validator a smart-contract wallet staked, and its execution rewards, to the wallet, not to the relayer", async () => {
    const relayer = chain.accounts[5] as Address;
    const wallet = await chain.client.deployContract({
      account: chain.accounts[4] as Address,
      chain: null,
      abi: walletAbi,
      bytecode: walletBytecode,
      args: [walletOwner.address],
    });
    const walletAddress = getAddress(
      (await chain.client.waitForTransactionReceipt({ hash: wallet })).contractAddress as Address,
    );
    await chain.client.setBalance({ address: walletAddress, value: parseEther("32") });
    const entry = await depositData(walletAddress, "wallet-stake");
    const data = stakeCall(entry);
    const value = parseEther("32");
    const callHash = (await chain.client.readContract({
      address: walletAddress,
      abi: walletAbi,
      functionName: "callHash",
      args: [ethStakingAddress, value, data],
    })) as Hex;
    const signature = await walletOwner.signMessage({ message: { raw: callHash } });
    await mined(
      await chain.client.writeContract({
        account: relayer,
        chain: null,
        address: walletAddress,
        abi: walletAbi,
        functionName: "execute",
        args: [ethStakingAddress, value, data, signature],
      }),
    );
    await indexer.runOnce();
    expect(errors).toEqual([]);
    expect(await listed(relayer)).toEqual([]);
    expect(await listed(walletAddress)).toEqual([
      expect.objectContaining({ pubkey: hex(entry.pubkey), depositAddress: walletAddress }),
    ]);

    // The validator runs, proposes a block paying RewardsClaim, and the block becomes final.
    runs.add(hex(entry.pubkey));
    await moveClock(10n);
    await indexer.runOnce();
    await moveClock(1n);
    await beacon.proposeNow();
    const block = await chain.client.getBlock({ includeTransactions: true });
    expect(block.miner.toLowerCase()).toBe(rewardsClaimAddress.toLowerCase());
    let tips = 0n;
    for (const transaction of block.transactions) {
      const receipt = await chain.client.getTransactionReceipt({ hash: transaction.hash });
      tips += receipt.gasUsed * (receipt.effectiveGasPrice - (block.baseFeePerGas ?? 0n));
    }
    await moveClock(3n);
    await indexer.runOnce();
    await indexer.runOnce();
    expect(errors).toEqual([]);
    // The proposal's priority fees and the builder's 0.01 ETH payment, less 10 % commission.
    expect(await claimable(walletAddress)).toBe(((tips + parseEther("0.01")) * 90n) / 100n);
    expect(await claimable(relayer)).toBe(0n);
  });

  it("does not give a validator to a 1 ETH front-run with other credentials, nor the staker's deposit after it, and alerts the operator", async () => {
    const staker = chain.accounts[1] as Address;
    const attacker = chain.accounts[6] as Address;
    const entry = await depositData(staker, "front-run-signed");
    await depositDirectly(attacker, entry, 1_000_000_000n, true);
    await mined(
      await chain.client.sendTransaction({
        account: staker,
        chain: null,
        to: ethStakingAddress,
        data: stakeCall(entry),
        value: parseEther("32"),
      }),
    );
    await indexer.runOnce();
    expect(errors).toEqual([]);
    expect(await storage.db.select().from(validators).where(eq(validators.pubkey, entry.pubkey))).toEqual([]);
    expect(await listed(attacker)).toEqual([]);
    const credentials = `0x${"01".padEnd(24, "0")}${attacker.slice(2).toLowerCase()}`;
    const alerts = await storage.db.select().from(opsAlerts).where(eq(opsAlerts.kind, "front-run-deposit"));
    expect(alerts).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          new RegExp(
            `^validator key 0x${entry.pubkey} was deposited first with withdrawal credentials ${credentials} that this server did not issue \\(transaction 0x[0-9a-f]{64}\\): the consensus layer gives the validator to them, so the key has leaked; it is not handed to any validator client and no deposit for it is attributed$`,
          ),
        ),
        details: expect.objectContaining({ pubkey: hex(entry.pubkey), signatureValid: true, amountGwei: "1000000000" }),
      }),
    ]);
    expect(warnings).toContain(alerts[0]?.message);
    // The app's double-deposit check still knows the key as deposited, so it is not staked again.
    const known = await app.inject({
      method: "GET",
      url: `/deposits/known?network=ethereum&environment=devnet&pubkeys=${entry.pubkey}`,
    });
    expect(known.json().known).toEqual([entry.pubkey]);
  });

  it("attributes the staker's deposit after a front-run whose signature is not valid (the consensus layer ignores it)", async () => {
    const staker = chain.accounts[2] as Address;
    const attacker = chain.accounts[7] as Address;
    const entry = await depositData(staker, "front-run-unsigned");
    await depositDirectly(attacker, entry, 1_000_000_000n, false);
    await mined(
      await chain.client.sendTransaction({
        account: staker,
        chain: null,
        to: ethStakingAddress,
        data: stakeCall(entry),
        value: parseEther("32"),
      }),
    );
    await indexer.runOnce();
    expect(errors).toEqual([]);
    expect(await listed(attacker)).toEqual([]);
    expect(await listed(staker)).toEqual([
      expect.objectContaining({ pubkey: hex(entry.pubkey), depositAddress: staker }),
    ]);
    const alerts = await storage.db.select().from(opsAlerts).where(eq(opsAlerts.kind, "front-run-deposit"));
    expect(alerts.map((alert) => alert.message)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^a deposit for validator key 0x${entry.pubkey} carried withdrawal credentials 0x01[0-9a-f]{62} that this server did not issue and an invalid signature`,
        ),
      ),
    );
  });
});

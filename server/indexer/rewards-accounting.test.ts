import type { FastifyInstance } from "fastify";
import { type Address, concat, type Hex, numberToHex, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositContractAbi, ethStakingAbi } from "../../contracts/generated/index.ts";
import {
  type DepositData,
  depositDataRoot,
  executionCredentials,
  makeDepositData,
} from "../../contracts/test/deposit-data.ts";
import { startTestChain, type TestChain } from "../../contracts/test/test-chain.ts";
import { networks } from "../../src/generated/index.ts";
import {
  depositContractAddress,
  ethStakingAddress,
  installEthereumContracts,
  type RunningBeaconStandIn,
  startBeaconStandIn,
  withdrawalRequestsAddress,
} from "../../tests/support/devnet.ts";
import { buildServer } from "../app.ts";
import { parseEnv } from "../config/env.ts";
import { servedEnvironments } from "../rpc/served-environments.ts";
import { openStorage, type Storage } from "../storage/database.ts";
import { Indexer } from "./indexer.ts";

/**
 * Rewards of validators that deposit, top up, withdraw principal, are swept and exit, measured by the indexer
 * from the devnet chain and its Beacon API stand-in (which follows the consensus specs), as the rewards API
 * and its CSV serve them: a reward is balance change + withdrawals - deposits, whatever moved.
 */
const ETH = 10n ** 18n;
const GWEI = 10n ** 9n;
/** Six hours of 4-second epochs: the stand-in sweeps 0x01 excess four times a day. */
const SWEEP_EPOCHS = 5_400;

let chain: TestChain;
let beacon: RunningBeaconStandIn;
let storage: Storage;
let app: FastifyInstance;
let indexer: Indexer;
let compounder: Address; // one 0x02 validator: deposits 40 ETH, tops up 2, withdraws 1, exits
let sweeper: Address; // one 0x01 validator of 32 ETH, whose excess the sweep pays out
let compounding: DepositData;
const errors: unknown[] = [];

interface Row {
  day: string;
  stakedWei: string;
  consensusRewardWei: string;
  balanceStartWei: string;
  balanceEndWei: string;
  depositsWei: string;
  withdrawalsWei: string;
  withdrawnPrincipalWei: string;
  exitedPrincipalWei: string;
}

beforeAll(async () => {
  chain = await startTestChain(31337);
  [compounder, sweeper] = [chain.accounts[1] as Address, chain.accounts[2] as Address];
  await installEthereumContracts(chain.client, { owner: chain.accounts[0] as Address, feePerValidator: 0n });
  beacon = await startBeaconStandIn({ rpcUrl: chain.anvil.rpcUrl, params: { excessSweepEpochs: SWEEP_EPOCHS } });
  storage = await openStorage({ dataDir: "memory://" });
  const config = parseEnv({
    LOG_LEVEL: "silent",
    SERVE_KINDS: "devnet",
    RPC_UPSTREAM_POLICY: "replace",
    RPC_UPSTREAMS_ETHEREUM_DEVNET: chain.anvil.rpcUrl,
    BEACON_API_URL_ETHEREUM_DEVNET: beacon.url,
  });
  app = await buildServer(config, storage, { logger: false });
  // Start the chain's clock at 01:00 UTC of the next day, so the passes within a day stay within one day.
  const now = (await chain.client.getBlock()).timestamp;
  await chain.client.setNextBlockTimestamp({ timestamp: (now / 86_400n + 1n) * 86_400n + 3_600n });
  await chain.client.mine({ blocks: 1 });
  const environments = servedEnvironments(config, [networks.ethereum]);
  indexer = new Indexer({ storage, environments, confirmations: () => 0, onError: (_, error) => errors.push(error) });
}, 120_000);
afterAll(async () => {
  await indexer?.stop();
  await app?.close();
  await storage?.close();
  await beacon?.stop();
  await chain?.anvil.stop();
});

async function deposit(from: Address, data: DepositData): Promise<void> {
  const hash = await chain.client.writeContract({
    account: from,
    address: depositContractAddress,
    abi: depositContractAbi,
    functionName: "deposit",
    args: [data.pubkey, data.withdrawalCredentials, data.signature, data.depositDataRoot],
    value: data.amountGwei * GWEI,
  });
  expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe("success");
}

/** A new validator staked through the provider's contract (its caller owns it; no service fee on this chain). */
async function stake(from: Address, data: DepositData): Promise<void> {
  const value = data.amountGwei * GWEI;
  const hash = data.withdrawalCredentials.startsWith("0x02")
    ? await chain.client.writeContract({
        account: from,
        address: ethStakingAddress,
        abi: ethStakingAbi,
        functionName: "stakeCompounding",
        args: [data.pubkey, data.withdrawalCredentials, data.signature, data.depositDataRoot, value],
        value,
      })
    : await chain.client.writeContract({
        account: from,
        address: ethStakingAddress,
        abi: ethStakingAbi,
        functionName: "stake",
        args: [[data.pubkey], data.withdrawalCredentials, [data.signature], [data.depositDataRoot]],
        value,
      });
  expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe("success");
}

/** An EIP-7002 request from the withdrawal address: `amountGwei` out, 0 for a full exit. */
async function requestWithdrawal(from: Address, pubkey: Hex, amountGwei: bigint): Promise<void> {
  const data = concat([pubkey, numberToHex(amountGwei, { size: 8 })]);
  const hash = await chain.client.sendTransaction({ account: from, to: withdrawalRequestsAddress, data, value: 1n });
  expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe("success");
}

/** Moves the chain (and the stand-in, which follows its clock) forward, then has the indexer record the day. */
async function pass(seconds: number): Promise<void> {
  if (seconds > 0) await chain.client.increaseTime({ seconds });
  await chain.client.mine({ blocks: 1 });
  await indexer.runOnce();
  expect(errors).toEqual([]);
}

async function read<T>(owner: Address, path: string): Promise<T> {
  const url = `${path}${path.includes("?") ? "&" : "?"}owner=${owner}&network=ethereum&environment=devnet`;
  const response = await app.inject({ method: "GET", url });
  expect(response.statusCode, response.body).toBe(200);
  return (path.includes(".csv") ? response.body : response.json()) as T;
}
const history = async (owner: Address) =>
  (await read<{ rows: Row[] }>(owner, "/rewards/history?order=asc&pageSize=366")).rows;
const lastDay = async (owner: Address) => (await history(owner)).at(-1) as Row;
const big = (value: string | undefined) => BigInt(value ?? "0");

describe("rewards accounting on the devnet", () => {
  it("counts no reward for a deposit: the balance it adds is the deposit", async () => {
    await pass(0); // the indexer's first pass: nothing to read yet
    compounding = makeDepositData(executionCredentials("0x02", compounder), 40n * GWEI);
    await stake(compounder, compounding);
    await stake(sweeper, makeDepositData(executionCredentials("0x01", sweeper)));
    await pass(0); // seen on the execution chain, still pending on the beacon chain
    expect(big((await lastDay(compounder)).consensusRewardWei)).toBe(0n);
    await pass(60); // credited and active for a few epochs
    const day = await lastDay(compounder);
    expect(big(day.consensusRewardWei)).toBeGreaterThanOrEqual(0n);
    expect(big(day.consensusRewardWei)).toBeLessThan(ETH / 1000n);
    expect(big(day.depositsWei)).toBe(40n * ETH);
    expect(big(day.stakedWei)).toBe(40n * ETH);
  });

  it("counts no reward for a top-up, while pending and once credited", async () => {
    await pass(24 * 3600);
    const before = await lastDay(compounder);
    // A top-up: another deposit to the same public key (the deposit contract checks no signature).
    const { pubkey, withdrawalCredentials } = compounding;
    const { signature } = makeDepositData(withdrawalCredentials, 2n * GWEI);
    await deposit(compounder, {
      pubkey,
      withdrawalCredentials,
      signature,
      amountGwei: 2n * GWEI,
      depositDataRoot: depositDataRoot(pubkey, withdrawalCredentials, 2n * GWEI, signature),
    });
    await pass(0);
    // Pending on the beacon chain or already credited: either way a few seconds' rewards, not 2 ETH.
    const pending = big((await lastDay(compounder)).consensusRewardWei) - big(before.consensusRewardWei);
    expect(pending).toBeGreaterThanOrEqual(0n);
    expect(pending).toBeLessThan(ETH / 1000n);
    await pass(60);
    const day = await lastDay(compounder);
    // A day of a 40 ETH validator's rewards (about 0.3 ETH on the devnet's fast clock), not the 2 ETH topped up.
    expect(big(day.consensusRewardWei)).toBeGreaterThan(0n);
    expect(big(day.consensusRewardWei)).toBeLessThan(ETH / 2n);
    expect(big(day.depositsWei)).toBe(2n * ETH);
    expect(big(day.stakedWei)).toBe(42n * ETH);
  });

  it("counts a 1 ETH partial withdrawal from a 0x02 validator as principal out, not as a loss", async () => {
    await pass(24 * 3600);
    await requestWithdrawal(compounder, compounding.pubkey, 1_000_000_000n);
    await pass(60);
    const day = await lastDay(compounder);
    expect(big(day.consensusRewardWei)).toBeGreaterThan(0n);
    const summary = await read<Record<string, string>>(compounder, "/rewards/summary");
    expect(big(summary.consensusRewardsWei)).toBeGreaterThan(0n);
    expect(big(day.withdrawalsWei)).toBe(ETH);
    expect(big(day.withdrawnPrincipalWei)).toBe(ETH);
    expect(big(summary.depositedWei)).toBe(42n * ETH);
    expect(big(summary.withdrawnPrincipalWei)).toBe(ETH);
    expect(big(summary.stakedWei)).toBe(41n * ETH);
    expect(big(summary.totalWei)).toBe(41n * ETH + big(summary.earnedWei));
    // More than a day of devnet chain time is over 21,600 epochs: the rate its per-epoch rewards are worth (a
    // 32 ETH validator's 11,104 gwei an epoch is 2.85 % a year of 82,181.25 epochs), a little less for the
    // epochs the stake waited to activate.
    expect(Number(summary.averageApr)).toBeGreaterThan(2.5);
    expect(Number(summary.averageApr)).toBeLessThanOrEqual(2.85);
  });

  it("counts the sweep of a 0x01 validator's excess above 32 ETH as rewards paid out", async () => {
    const day = await lastDay(sweeper);
    // Two full days of sweeps every six hours: the balance stays near 32 ETH, what left is rewards.
    const rows = await history(sweeper);
    expect(rows.map((row) => big(row.consensusRewardWei) >= 0n)).not.toContain(false);
    const withdrawn = rows.reduce((sum, row) => sum + big(row.withdrawalsWei), 0n);
    expect(withdrawn).toBeGreaterThan(0n);
    expect(rows.every((row) => big(row.withdrawnPrincipalWei) === 0n && big(row.exitedPrincipalWei) === 0n)).toBe(true);
    // At most six hours of rewards are left above 32 ETH; the rest was swept.
    expect(big(day.balanceEndWei) - 32n * ETH).toBeLessThan(withdrawn);
    const summary = await read<Record<string, string>>(sweeper, "/rewards/summary");
    expect(big(summary.consensusRewardsWei)).toBeGreaterThan(withdrawn);
    expect(big(summary.stakedWei)).toBe(32n * ETH);
  });

  it("counts an exit's payout as principal returned, not as a loss", async () => {
    await requestWithdrawal(compounder, compounding.pubkey, 0n);
    await pass(24 * 3600);
    const validator = (await read<{ validators: { status: string }[] }>(compounder, "/validators")).validators[0];
    expect(validator?.status).toBe("withdrawal_done");
    const day = await lastDay(compounder);
    expect(big(day.consensusRewardWei)).toBeGreaterThanOrEqual(0n);
    expect(big(day.balanceEndWei)).toBe(0n);
    expect(big(day.exitedPrincipalWei)).toBe(41n * ETH);
    expect(big(day.withdrawalsWei)).toBeGreaterThan(41n * ETH);
    const summary = await read<Record<string, string>>(compounder, "/rewards/summary");
    expect(big(summary.stakedWei)).toBe(0n);
    expect(big(summary.exitedPrincipalWei)).toBe(41n * ETH);
    expect(big(summary.totalWei)).toBe(big(summary.earnedWei));
  });

  it("gives a CSV whose rows reconcile and whose rewards sum to the validator's real rewards", async () => {
    const csv = await read<string>(compounder, "/rewards/history.csv?order=asc");
    const [header, ...lines] = csv.trim().split("\r\n");
    expect(header).toBe(
      "day,validator_count,staked_wei,consensus_reward_wei,execution_reward_wei,total_reward_wei," +
        "balance_start_wei,deposits_wei,withdrawals_wei,balance_end_wei,withdrawn_principal_wei,exited_principal_wei",
    );
    const rows = lines.map((line) => {
      const cells = line.split(",");
      const column = (name: string) => BigInt(cells[(header ?? "").split(",").indexOf(name)] ?? "");
      return {
        reward: column("consensus_reward_wei"),
        start: column("balance_start_wei"),
        end: column("balance_end_wei"),
        deposits: column("deposits_wei"),
        withdrawals: column("withdrawals_wei"),
      };
    });
    for (const row of rows) expect(row.reward).toBe(row.end - row.start + row.withdrawals - row.deposits);
    expect(rows.every((row) => row.reward >= 0n)).toBe(true);
    const sum = (pick: (row: (typeof rows)[number]) => bigint) => rows.reduce((total, row) => total + pick(row), 0n);
    // The beacon chain's own record: every gwei paid to the validator, its final balance, 42 ETH deposited.
    const { state } = await beacon.node.stateAt("head");
    const record = state.find(compounding.pubkey);
    const paid = (state.withdrawn.get(record?.index ?? -1) ?? 0n) * GWEI;
    const real = paid + (record?.balance ?? 0n) * GWEI - parseEther("42");
    expect(real).toBeGreaterThan(0n);
    expect(sum((row) => row.withdrawals)).toBe(paid);
    expect(sum((row) => row.deposits)).toBe(42n * ETH);
    expect(sum((row) => row.reward)).toBe(real);
  });
});

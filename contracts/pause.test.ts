import { type Address, parseEther, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delegationPoolAddress, ethStakingAddress } from "../devnet/addresses.ts";
import { installEthereumContracts, installPoolContracts } from "../devnet/install-contracts.ts";
import { delegationPoolAbi, ethStakingAbi } from "./generated/index.ts";
import { executionCredentials, makeDepositData } from "./test/deposit-data.ts";
import { expectRevert } from "./test/expect-revert.ts";
import { startTestChain, type TestChain } from "./test/test-chain.ts";

const fee = parseEther("0.05");
const unit = parseEther("1000");
let chain: TestChain;
let owner: Address;
let staker: Address;

beforeAll(async () => {
  chain = await startTestChain(31337, 1_000_000);
  [owner, staker] = chain.accounts as [Address, Address];
  await installEthereumContracts(chain.client, { owner, feePerValidator: fee });
  await installPoolContracts(chain.client, {
    owner,
    voteUnit: unit,
    lockPeriod: 600,
    aprBasisPoints: 1000,
    poolName: "Devnet PoS Pool",
  });
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const staking = { address: ethStakingAddress, abi: ethStakingAbi } as const;
const pool = { address: delegationPoolAddress, abi: delegationPoolAbi } as const;

async function ownerSends(contract: typeof staking | typeof pool, functionName: "pauseStaking" | "unpauseStaking") {
  const hash = await chain.client.writeContract({ ...contract, account: owner, functionName } as never);
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return parseEventLogs({ abi: contract.abi, logs: receipt.logs }).map((log) => [log.eventName, log.args]);
}

const stakeBatch = () => {
  const d = makeDepositData(executionCredentials("0x01", staker));
  return chain.client.simulateContract({
    ...staking,
    account: staker,
    functionName: "stake",
    args: [[d.pubkey], d.withdrawalCredentials, [d.signature], [d.depositDataRoot]],
    value: parseEther("32") + fee,
  });
};

const stakeCompounding = () => {
  const d = makeDepositData(executionCredentials("0x02", staker), 64_000_000_000n);
  return chain.client.simulateContract({
    ...staking,
    account: staker,
    functionName: "stakeCompounding",
    args: [d.pubkey, d.withdrawalCredentials, d.signature, d.depositDataRoot, parseEther("64")],
    value: parseEther("64") + fee,
  });
};

async function poolSend(functionName: "decreaseStake" | "withdrawStake" | "claimAllInterest", amount?: bigint) {
  const args = amount === undefined ? [] : [amount];
  const { request } = await chain.client.simulateContract({ ...pool, account: staker, functionName, args } as never);
  const receipt = await chain.client.waitForTransactionReceipt({
    // Gas to spare, as the app's send path adds: the pool's accrual costs more a second after an estimate.
    hash: await chain.client.writeContract({ ...(request as object), gas: 500_000n } as never),
  });
  expect(receipt.status).toBe("success");
}

async function advance(seconds: bigint) {
  const latest = (await chain.client.getBlock()).timestamp;
  await chain.client.setNextBlockTimestamp({ timestamp: latest + seconds });
  await chain.client.mine({ blocks: 1 });
}

describe("batch staking contract pause", () => {
  it("refuses new 0x01 and 0x02 stakes with StakingIsPaused while paused, and takes them again after", async () => {
    expect(await chain.client.readContract({ ...staking, functionName: "stakingPaused" })).toBe(false);
    expect(await ownerSends(staking, "pauseStaking")).toEqual([["StakingPaused", { by: owner }]]);
    expect(await chain.client.readContract({ ...staking, functionName: "stakingPaused" })).toBe(true);
    await expectRevert(stakeBatch(), "StakingIsPaused");
    await expectRevert(stakeCompounding(), "StakingIsPaused");

    expect(await ownerSends(staking, "unpauseStaking")).toEqual([["StakingUnpaused", { by: owner }]]);
    const { request } = await stakeBatch();
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
    expect(receipt.status).toBe("success");
  });

  it("still lets the owner withdraw the collected fees while paused", async () => {
    await ownerSends(staking, "pauseStaking");
    const hash = await chain.client.writeContract({
      ...staking,
      account: owner,
      functionName: "withdrawFees",
      args: [chain.accounts[5] as Address],
    });
    expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe("success");
    expect(await chain.client.getBalance({ address: ethStakingAddress })).toBe(0n);
    await ownerSends(staking, "unpauseStaking");
  });
});

describe("delegation pool pause", () => {
  it("refuses new stakes but still lets a staker unstake, withdraw and claim interest", async () => {
    const { request } = await chain.client.simulateContract({
      ...pool,
      account: staker,
      functionName: "increaseStake",
      value: 2n * unit,
    });
    await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
    const funded = await chain.client.writeContract({
      ...pool,
      account: owner,
      functionName: "fundInterest",
      value: parseEther("100"),
    });
    await chain.client.waitForTransactionReceipt({ hash: funded });
    await advance(601n);

    expect(await ownerSends(pool, "pauseStaking")).toEqual([["StakingPaused", { by: owner }]]);
    const refused = chain.client.simulateContract({
      ...pool,
      account: staker,
      functionName: "increaseStake",
      value: parseEther("1.5"),
    });
    await expectRevert(refused, "StakingIsPaused");

    await poolSend("decreaseStake", 2n * unit);
    await poolSend("claimAllInterest");
    await advance(601n);
    const before = await chain.client.getBalance({ address: staker });
    await poolSend("withdrawStake", 2n * unit);
    expect(await chain.client.getBalance({ address: staker })).toBeGreaterThan(before + 2n * unit - parseEther("0.01"));
    const summary = await chain.client.readContract({ ...pool, functionName: "userSummary", args: [staker] });
    expect(summary).toMatchObject({ total: 0n, available: 0n });
    expect(summary.claimedInterest).toBeGreaterThan(0n);
    await ownerSends(pool, "unpauseStaking");
  });
});

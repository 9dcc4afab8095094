import { type Address, decodeFunctionData, type PublicClient, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import { delegationPoolAddress } from "../../../devnet/addresses.ts";
import { devnetSettings } from "../../../devnet/devnet-settings.ts";
import { type RunningDevnet, startDevnet } from "../../../devnet/start-devnet.ts";
import { type ContractCall, callData } from "../../core/contract-call.ts";
import { buildClaimInterest } from "./build-claim-interest.ts";
import { buildStake } from "./build-stake.ts";
import { buildUnstake } from "./build-unstake.ts";
import { buildWithdraw } from "./build-withdraw.ts";
import { earningRateBasisPoints, type PoolState, readPoolPosition, readPoolState } from "./read-pool-state.ts";

const pool = delegationPoolAddress;
const unit = parseEther("1000");
const dust = parseEther("0.001");
const decode = (call: ContractCall) => decodeFunctionData({ abi: delegationPoolAbi, data: callData(call) });

describe("delegation-pool builders", () => {
  it("stakes any amount from the dust floor, paying exactly that amount", () => {
    const call = buildStake(pool, parseEther("1.5"), dust);
    expect(call.to).toBe(pool);
    expect(call.value).toBe(parseEther("1.5"));
    expect(decode(call)).toEqual({ functionName: "increaseStake", args: undefined });
    expect(buildStake(pool, dust, dust).value).toBe(parseEther("0.001"));
  });

  it("unstakes and withdraws amounts in wei, and claims, without sending value", () => {
    expect(decode(buildUnstake(pool, parseEther("0.5")))).toEqual({
      functionName: "decreaseStake",
      args: [parseEther("0.5")],
    });
    expect(decode(buildWithdraw(pool, parseEther("0.25")))).toEqual({
      functionName: "withdrawStake",
      args: [parseEther("0.25")],
    });
    expect(decode(buildClaimInterest(pool))).toEqual({ functionName: "claimAllInterest", args: undefined });
    expect(decode(buildClaimInterest(pool, 5n))).toEqual({ functionName: "claimInterest", args: [5n] });
    for (const call of [buildUnstake(pool, 2n), buildWithdraw(pool, 1n), buildClaimInterest(pool)])
      expect(call.value ?? 0n).toBe(0n);
  });

  it("refuses dust, zero or negative amounts", () => {
    expect(() => buildStake(pool, parseEther("0.001") - 1n, dust)).toThrow(RangeError);
    expect(() => buildStake(pool, 0n, 0n)).toThrow(RangeError);
    expect(() => buildUnstake(pool, 0n)).toThrow(RangeError);
    expect(() => buildWithdraw(pool, -1n)).toThrow(RangeError);
    expect(() => buildClaimInterest(pool, 0n)).toThrow(RangeError);
  });

  it("says what rate a staked coin earns: the pool's rate on its whole votes, shared by all its stake", () => {
    const state = (stakedWei: bigint, votes: bigint): PoolState => ({
      name: "p",
      voteUnitWei: unit,
      minimumStakeWei: dust,
      lockPeriodSeconds: 600n,
      aprBasisPoints: 1000,
      stakedWei,
      votes,
      interestReserveWei: 0n,
      interestPaidWei: 0n,
    });
    expect(earningRateBasisPoints(state(parseEther("2000"), 2n))).toBe(1000);
    // 1002.75 CFX staked, one vote of 1000 CFX: 10% × 1000 / 1002.75 = 9.9725...%, rounded down.
    expect(earningRateBasisPoints(state(parseEther("1002.75"), 1n))).toBe(997.25);
    expect(earningRateBasisPoints(state(parseEther("1"), 0n))).toBe(0);
    expect(earningRateBasisPoints(state(0n, 0n))).toBeUndefined();
  });
});

describe("delegation-pool on the devnet pool contract", () => {
  let devnet: RunningDevnet;
  let client: PublicClient;
  let user: Address;
  const send = async (call: ContractCall) => {
    const chain = devnet.conflux.client;
    const hash = await chain.sendTransaction({
      account: user,
      chain: chain.chain,
      to: call.to,
      data: callData(call),
      value: call.value,
      // Gas to spare, as the app's send path adds: the pool's accrual costs more a second after an estimate.
      gas: 500_000n,
    });
    const receipt = await chain.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
  };
  const advance = async (seconds: bigint) => {
    const chain = devnet.conflux.client;
    const latest = await chain.getBlock();
    await chain.setNextBlockTimestamp({ timestamp: latest.timestamp + seconds });
    await chain.mine({ blocks: 1 });
  };

  beforeAll(async () => {
    devnet = await startDevnet({ ...devnetSettings(), ethereumPort: 0, confluxPort: 0, beaconPort: 0 });
    client = devnet.conflux.client as unknown as PublicClient;
    user = devnet.conflux.accounts[3] as Address;
  });
  afterAll(async () => {
    await devnet?.stop();
  });

  it("reads the pool's settings", async () => {
    const state = await readPoolState(client, pool);
    expect(state.name).toBe("Devnet PoS Pool");
    expect(state.voteUnitWei).toBe(unit);
    expect(state.minimumStakeWei).toBe(parseEther("0.001"));
    expect(state.lockPeriodSeconds).toBeGreaterThan(0n);
    expect(state.aprBasisPoints).toBeGreaterThan(0);
  });

  it("follows a position through stake, lock, unstake, unlock, withdraw and claim", async () => {
    const { lockPeriodSeconds } = await readPoolState(client, pool);
    const state = await readPoolState(client, pool);
    const minimum = state.minimumStakeWei;
    await send(buildStake(pool, parseEther("1000.5"), minimum));
    let position = await readPoolPosition(client, pool, user);
    expect(position).toMatchObject({
      totalWei: parseEther("1000.5"),
      availableWei: parseEther("1000.5"),
      lockedWei: 0n,
      unlockedWei: 0n,
    });
    expect(position.locking.map((batch) => batch.amountWei)).toEqual([parseEther("1000.5")]);

    await advance(lockPeriodSeconds + 1n);
    position = await readPoolPosition(client, pool, user);
    expect(position.lockedWei).toBe(parseEther("1000.5"));
    expect(position.currentInterestWei).toBeGreaterThan(0n);

    await send(buildUnstake(pool, parseEther("0.5")));
    position = await readPoolPosition(client, pool, user);
    expect(position).toMatchObject({
      totalWei: parseEther("1000.5"),
      availableWei: parseEther("1000"),
      lockedWei: parseEther("1000"),
      unlockedWei: 0n,
    });
    expect(position.unlocking.map((batch) => batch.amountWei)).toEqual([parseEther("0.5")]);

    await advance(lockPeriodSeconds + 1n);
    expect((await readPoolPosition(client, pool, user)).unlockedWei).toBe(parseEther("0.5"));
    const before = await client.getBalance({ address: user });
    await send(buildWithdraw(pool, parseEther("0.5")));
    position = await readPoolPosition(client, pool, user);
    expect(position).toMatchObject({ totalWei: parseEther("1000"), unlockedWei: 0n });
    expect(await client.getBalance({ address: user })).toBeGreaterThan(before + parseEther("0.49"));

    const interest = position.currentInterestWei;
    await send(buildClaimInterest(pool));
    position = await readPoolPosition(client, pool, user);
    expect(position.claimedInterestWei).toBeGreaterThanOrEqual(interest);
  });
});

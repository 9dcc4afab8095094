import { type Address, decodeFunctionData, type PublicClient, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import { delegationPoolAddress } from "../../../devnet/addresses.ts";
import { devnetSettings } from "../../../devnet/devnet-settings.ts";
import { type RunningDevnet, startDevnet } from "../../../devnet/start-devnet.ts";
import { type ContractCall, callData } from "../../core/contract-call.ts";
import { buildClaimInterest } from "./build-claim-interest.ts";
import { buildDecreaseStake } from "./build-decrease-stake.ts";
import { buildIncreaseStake } from "./build-increase-stake.ts";
import { buildWithdrawStake } from "./build-withdraw-stake.ts";
import { readPoolPosition, readPoolState } from "./read-pool-state.ts";
import { NotWholeVotesError, votesForAmount } from "./votes-for-amount.ts";

const pool = delegationPoolAddress;
const unit = parseEther("1000");
const decode = (call: ContractCall) => decodeFunctionData({ abi: delegationPoolAbi, data: callData(call) });

describe("delegation-pool builders", () => {
  it("stakes whole votes, paying exactly votes × vote unit", () => {
    const call = buildIncreaseStake(pool, 3n, unit);
    expect(call.to).toBe(pool);
    expect(call.value).toBe(parseEther("3000"));
    expect(decode(call)).toEqual({ functionName: "increaseStake", args: [3n] });
  });

  it("unstakes, withdraws and claims without sending value", () => {
    expect(decode(buildDecreaseStake(pool, 2n))).toEqual({ functionName: "decreaseStake", args: [2n] });
    expect(decode(buildWithdrawStake(pool, 1n))).toEqual({ functionName: "withdrawStake", args: [1n] });
    expect(decode(buildClaimInterest(pool))).toEqual({ functionName: "claimAllInterest", args: undefined });
    expect(decode(buildClaimInterest(pool, 5n))).toEqual({ functionName: "claimInterest", args: [5n] });
    for (const call of [buildDecreaseStake(pool, 2n), buildWithdrawStake(pool, 1n), buildClaimInterest(pool)])
      expect(call.value ?? 0n).toBe(0n);
  });

  it("refuses zero, negative or out-of-range vote counts", () => {
    expect(() => buildIncreaseStake(pool, 0n, unit)).toThrow(RangeError);
    expect(() => buildDecreaseStake(pool, -1n)).toThrow(RangeError);
    expect(() => buildWithdrawStake(pool, 2n ** 64n)).toThrow(RangeError);
    expect(() => buildClaimInterest(pool, 0n)).toThrow(RangeError);
  });

  it("turns an amount into whole votes, or says it is not whole votes", () => {
    expect(votesForAmount(parseEther("2000"), unit)).toBe(2n);
    expect(votesForAmount(5n, 1n)).toBe(5n);
    expect(() => votesForAmount(parseEther("1500"), unit)).toThrow(NotWholeVotesError);
    expect(() => votesForAmount(0n, unit)).toThrow(NotWholeVotesError);
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
    expect(state.lockPeriodSeconds).toBeGreaterThan(0n);
    expect(state.aprBasisPoints).toBeGreaterThan(0);
  });

  it("follows a position through stake, lock, unstake, unlock, withdraw and claim", async () => {
    const { lockPeriodSeconds } = await readPoolState(client, pool);
    await send(buildIncreaseStake(pool, 2n, unit));
    let position = await readPoolPosition(client, pool, user);
    expect(position).toMatchObject({ votes: 2n, available: 2n, locked: 0n, unlocked: 0n });
    expect(position.locking.map((batch) => batch.votes)).toEqual([2n]);

    await advance(lockPeriodSeconds + 1n);
    position = await readPoolPosition(client, pool, user);
    expect(position.locked).toBe(2n);
    expect(position.currentInterestWei).toBeGreaterThan(0n);

    await send(buildDecreaseStake(pool, 1n));
    position = await readPoolPosition(client, pool, user);
    expect(position).toMatchObject({ votes: 2n, available: 1n, locked: 1n, unlocked: 0n });
    expect(position.unlocking.map((batch) => batch.votes)).toEqual([1n]);

    await advance(lockPeriodSeconds + 1n);
    expect((await readPoolPosition(client, pool, user)).unlocked).toBe(1n);
    const before = await client.getBalance({ address: user });
    await send(buildWithdrawStake(pool, 1n));
    position = await readPoolPosition(client, pool, user);
    expect(position).toMatchObject({ votes: 1n, unlocked: 0n });
    expect(await client.getBalance({ address: user })).toBeGreaterThan(before + unit - parseEther("0.01"));

    const interest = position.currentInterestWei;
    await send(buildClaimInterest(pool));
    position = await readPoolPosition(client, pool, user);
    expect(position.claimedInterestWei).toBeGreaterThanOrEqual(interest);
  });
});

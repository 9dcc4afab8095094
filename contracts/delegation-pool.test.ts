import { type Address, parseEther, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delegationPoolAddress } from "../devnet/addresses.ts";
import { installPoolContracts, type PoolContractSettings } from "../devnet/install-contracts.ts";
import { delegationPoolAbi } from "./generated/index.ts";
import { expectRevert } from "./test/expect-revert.ts";
import { startTestChain, type TestChain } from "./test/test-chain.ts";

const unit = parseEther("1000");
const lockPeriod = 3600;
const apr = 1000; // 10% a year
const year = 365n * 24n * 3600n;
let chain: TestChain;
let owner: Address;
let user: Address;
let settings: PoolContractSettings;

beforeAll(async () => {
  chain = await startTestChain(31338, 1_000_000);
  [owner, user] = chain.accounts as [Address, Address];
  settings = { owner, voteUnit: unit, lockPeriod, aprBasisPoints: apr, poolName: "Devnet PoS Pool" };
  await installPoolContracts(chain.client, settings);
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const pool = { address: delegationPoolAddress, abi: delegationPoolAbi } as const;
const summary = () => chain.client.readContract({ ...pool, functionName: "userSummary", args: [user] });
const latestTime = async () => (await chain.client.getBlock()).timestamp;
/** Stakes `votes` votes from `account` after checking the call in simulation; returns the receipt. */
async function stake(account: Address, votes: bigint) {
  const { request } = await chain.client.simulateContract({
    ...pool,
    account,
    functionName: "increaseStake",
    args: [votes],
    value: votes * unit,
  });
  return chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
}
/** Unstakes or withdraws `votes` votes from `account`; returns the receipt. */
async function send(account: Address, functionName: "decreaseStake" | "withdrawStake", votes: bigint) {
  const { request } = await chain.client.simulateContract({ ...pool, account, functionName, args: [votes] });
  return chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
}
/** Moves anvil's clock so the next block is `seconds` after the latest one. */
async function advance(seconds: bigint) {
  await chain.client.setNextBlockTimestamp({ timestamp: (await latestTime()) + seconds });
  await chain.client.mine({ blocks: 1 });
}

describe("delegation pool", () => {
  it("reports the settings its constructor was given", async () => {
    expect(await chain.client.readContract({ ...pool, functionName: "voteUnit" })).toBe(unit);
    expect(await chain.client.readContract({ ...pool, functionName: "_poolLockPeriod" })).toBe(BigInt(lockPeriod));
    expect(await chain.client.readContract({ ...pool, functionName: "poolAPY" })).toBe(apr);
    expect(await chain.client.readContract({ ...pool, functionName: "poolName" })).toBe("Devnet PoS Pool");
    expect(await chain.client.readContract({ ...pool, functionName: "owner" })).toBe(owner);
  });

  it("stakes whole votes, which stay locking for the lock period", async () => {
    const receipt = await stake(user, 2n);
    const [event] = parseEventLogs({ abi: delegationPoolAbi, logs: receipt.logs, eventName: "IncreasePoSStake" });
    expect(event?.args).toEqual({ user, votePower: 2n });
    const staked = await latestTime();
    expect(await summary()).toEqual({
      votes: 2n,
      available: 2n,
      locked: 0n,
      unlocked: 0n,
      claimedInterest: 0n,
      currentInterest: 0n,
    });
    const queue = await chain.client.readContract({ ...pool, functionName: "userInQueue", args: [user] });
    expect(queue).toEqual([{ votePower: 2n, endTime: staked + BigInt(lockPeriod) }]);
    const expected = await expectRevert(
      chain.client.simulateContract({ ...pool, account: user, functionName: "decreaseStake", args: [1n] }),
      "NotEnoughLockedVotes",
    );
    expect(expected).toEqual([1n, 0n]);
  });

  it("accrues interest on available votes at the configured yearly rate, per second", async () => {
    const before = await summary();
    await advance(BigInt(lockPeriod));
    const interest = (2n * unit * BigInt(apr) * BigInt(lockPeriod)) / (10_000n * year);
    expect((await summary()).currentInterest - before.currentInterest).toBe(interest);
    expect((await summary()).locked).toBe(2n);
    expect(await chain.client.readContract({ ...pool, functionName: "userInQueue", args: [user] })).toEqual([]);
  });

  it("unstakes locked votes, which can be withdrawn only once the lock period has passed", async () => {
    const receipt = await send(user, "decreaseStake", 1n);
    const [event] = parseEventLogs({ abi: delegationPoolAbi, logs: receipt.logs, eventName: "DecreasePoSStake" });
    expect(event?.args).toEqual({ user, votePower: 1n });
    expect(await summary()).toMatchObject({ votes: 2n, available: 1n, locked: 1n, unlocked: 0n });
    const tooEarly = await expectRevert(
      chain.client.simulateContract({ ...pool, account: user, functionName: "withdrawStake", args: [1n] }),
      "NotEnoughUnlockedVotes",
    );
    expect(tooEarly).toEqual([1n, 0n]);

    await advance(BigInt(lockPeriod));
    expect(await summary()).toMatchObject({ votes: 2n, available: 1n, unlocked: 1n });
    const balance = await chain.client.getBalance({ address: user });
    const withdrawn = await send(user, "withdrawStake", 1n);
    const [withdrawEvent] = parseEventLogs({
      abi: delegationPoolAbi,
      logs: withdrawn.logs,
      eventName: "WithdrawStake",
    });
    expect(withdrawEvent?.args).toEqual({ user, votePower: 1n });
    const gas = withdrawn.gasUsed * withdrawn.effectiveGasPrice;
    expect(await chain.client.getBalance({ address: user })).toBe(balance + unit - gas);
    expect(await summary()).toMatchObject({ votes: 1n, available: 1n, locked: 1n, unlocked: 0n });
  });

  it("refuses to pay interest the reserve cannot cover, then pays it once the devnet funds the pool", async () => {
    const owed = (await summary()).currentInterest;
    const [requested, reserve] = (await expectRevert(
      chain.client.simulateContract({ ...pool, account: user, functionName: "claimAllInterest" }),
      "InterestReserveTooLow",
    )) as [bigint, bigint];
    // Interest accrues by the second: the simulation may run a second after `owed` was read on a busy machine.
    expect(requested).toBeGreaterThanOrEqual(owed);
    expect(requested - owed).toBeLessThan(owed / 10n + 1n);
    expect(reserve).toBe(0n);

    const funded = await chain.client.waitForTransactionReceipt({
      hash: await chain.client.writeContract({
        ...pool,
        account: owner,
        functionName: "fundInterest",
        value: parseEther("50"),
      }),
    });
    const [fundEvent] = parseEventLogs({ abi: delegationPoolAbi, logs: funded.logs, eventName: "InterestFunded" });
    expect(fundEvent?.args).toEqual({ from: owner, amount: parseEther("50") });

    const part = 10n ** 15n;
    const { request } = await chain.client.simulateContract({
      ...pool,
      account: user,
      functionName: "claimInterest",
      args: [part],
    });
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
    const [claimEvent] = parseEventLogs({ abi: delegationPoolAbi, logs: receipt.logs, eventName: "ClaimInterest" });
    expect(claimEvent?.args).toEqual({ user, amount: part });
    expect((await summary()).claimedInterest).toBe(part);

    const { request: all } = await chain.client.simulateContract({
      ...pool,
      account: user,
      functionName: "claimAllInterest",
    });
    const allReceipt = await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(all) });
    const [allEvent] = parseEventLogs({ abi: delegationPoolAbi, logs: allReceipt.logs, eventName: "ClaimInterest" });
    const after = await summary();
    expect(after.currentInterest).toBe(0n);
    expect(after.claimedInterest).toBe(part + (allEvent?.args.amount ?? 0n));
    const poolSummary = await chain.client.readContract({ ...pool, functionName: "poolSummary" });
    expect(poolSummary).toEqual({
      available: 1n,
      interest: parseEther("50") - after.claimedInterest,
      totalInterest: after.claimedInterest,
    });
  });

  describe("rejects", () => {
    it("a stake whose value is not votes times the unit", async () => {
      const call = chain.client.simulateContract({
        ...pool,
        account: user,
        functionName: "increaseStake",
        args: [1n],
        value: unit - 1n,
      });
      expect(await expectRevert(call, "WrongValue")).toEqual([unit, unit - 1n]);
    });

    it("zero votes to stake, unstake or withdraw", async () => {
      for (const functionName of ["increaseStake", "decreaseStake", "withdrawStake"] as const) {
        await expectRevert(
          chain.client.simulateContract({ ...pool, account: user, functionName, args: [0n] }),
          "ZeroVotes",
        );
      }
    });

    it("a claim of zero or of more interest than owed", async () => {
      await expectRevert(
        chain.client.simulateContract({ ...pool, account: user, functionName: "claimInterest", args: [0n] }),
        "ZeroAmount",
      );
      const call = chain.client.simulateContract({
        ...pool,
        account: user,
        functionName: "claimInterest",
        args: [parseEther("1")],
      });
      expect((await expectRevert(call, "NotEnoughInterest"))[0]).toBe(parseEther("1"));
    });

    it("a lock period change by anyone but the owner, and applies the owner's", async () => {
      const call = chain.client.simulateContract({
        ...pool,
        account: user,
        functionName: "setLockPeriod",
        args: [60n],
      });
      expect(await expectRevert(call, "NotOwner")).toEqual([user]);
      const hash = await chain.client.writeContract({
        ...pool,
        account: owner,
        functionName: "setLockPeriod",
        args: [60n],
      });
      const receipt = await chain.client.waitForTransactionReceipt({ hash });
      const [event] = parseEventLogs({ abi: delegationPoolAbi, logs: receipt.logs, eventName: "LockPeriodChanged" });
      expect(event?.args).toEqual({ previousLockPeriod: 3600n, newLockPeriod: 60n });
      expect(await chain.client.readContract({ ...pool, functionName: "lockPeriod" })).toBe(60n);
    });

    it("a withdrawal to an account that refuses ether", async () => {
      const refuser = "0x00000000000000000000000000000000000bad00" as Address;
      await chain.client.setCode({ address: refuser, bytecode: "0x60006000fd" }); // always reverts
      await chain.client.setBalance({ address: refuser, value: 10n * unit });
      await chain.client.impersonateAccount({ address: refuser });
      await stake(refuser, 1n);
      await advance(60n);
      await send(refuser, "decreaseStake", 1n);
      await advance(60n);
      const call = chain.client.simulateContract({
        ...pool,
        account: refuser,
        functionName: "withdrawStake",
        args: [1n],
      });
      await expectRevert(call, "TransferFailed");
      await chain.client.stopImpersonatingAccount({ address: refuser });
    });
  });
});

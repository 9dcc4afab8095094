import { type Address, parseEther, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delegationPoolAddress } from "../devnet/addresses.ts";
import { installPoolContracts, type PoolContractSettings } from "../devnet/install-contracts.ts";
import { delegationPoolAbi } from "./generated/index.ts";
import { expectRevert } from "./test/expect-revert.ts";
import { startTestChain, type TestChain } from "./test/test-chain.ts";

const unit = parseEther("1000");
const lockPeriod = 3600;
const apr = 1000n; // 10% a year
const year = 365n * 24n * 3600n;
let chain: TestChain;
let owner: Address;
let user: Address;
let other: Address;
let settings: PoolContractSettings;

beforeAll(async () => {
  chain = await startTestChain(31338, 1_000_000);
  [owner, user, other] = chain.accounts as [Address, Address, Address];
  settings = { owner, voteUnit: unit, lockPeriod, aprBasisPoints: Number(apr), poolName: "Devnet PoS Pool" };
  await installPoolContracts(chain.client, settings);
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const pool = { address: delegationPoolAddress, abi: delegationPoolAbi } as const;
const summary = (account: Address = user) =>
  chain.client.readContract({ ...pool, functionName: "userSummary", args: [account] });
const poolSummary = () => chain.client.readContract({ ...pool, functionName: "poolSummary" });
const latestTime = async () => (await chain.client.getBlock()).timestamp;
/**
 * Sends a simulated request with gas to spare, as the app's send path does: an estimate made in the same second
 * as the pool's last accrual does not pay for the accrual's storage writes a second later.
 */
const write = (request: object) => chain.client.writeContract({ ...request, gas: 500_000n } as never);
/** Stakes `value` wei from `account` after checking the call in simulation; returns the receipt. */
async function stake(account: Address, value: bigint) {
  const { request } = await chain.client.simulateContract({ ...pool, account, functionName: "increaseStake", value });
  const receipt = await chain.client.waitForTransactionReceipt({ hash: await write(request) });
  expect(receipt.status).toBe("success");
  return receipt;
}
/** Unstakes or withdraws `amount` wei from `account`; returns the receipt. */
async function send(account: Address, functionName: "decreaseStake" | "withdrawStake", amount: bigint) {
  const { request } = await chain.client.simulateContract({ ...pool, account, functionName, args: [amount] });
  const receipt = await chain.client.waitForTransactionReceipt({ hash: await write(request) });
  expect(receipt.status).toBe("success");
  return receipt;
}
/** Moves anvil's clock so the next block is `seconds` after the latest one. */
async function advance(seconds: bigint) {
  await chain.client.setNextBlockTimestamp({ timestamp: (await latestTime()) + seconds });
  await chain.client.mine({ blocks: 1 });
}
/** Interest `wei` earns in `seconds` at `rateBps` basis points a year (the exact rational, rounded down). */
const ideal = (wei: bigint, seconds: bigint, rateBps: bigint) => (wei * rateBps * seconds) / (10_000n * year);
/** Interest is rounded down to the wei at each accrual: a few wei below the exact figure, never above. */
function expectInterest(actual: bigint, exact: bigint) {
  expect(actual).toBeLessThanOrEqual(exact);
  expect(exact - actual).toBeLessThanOrEqual(3n);
}

describe("delegation pool", () => {
  it("reports the settings its constructor was given and a dust floor of 0.001 CFX", async () => {
    expect(await chain.client.readContract({ ...pool, functionName: "voteUnit" })).toBe(unit);
    expect(await chain.client.readContract({ ...pool, functionName: "_poolLockPeriod" })).toBe(BigInt(lockPeriod));
    expect(await chain.client.readContract({ ...pool, functionName: "poolAPY" })).toBe(1000);
    expect(await chain.client.readContract({ ...pool, functionName: "poolName" })).toBe("Devnet PoS Pool");
    expect(await chain.client.readContract({ ...pool, functionName: "owner" })).toBe(owner);
    expect(await chain.client.readContract({ ...pool, functionName: "MINIMUM_STAKE" })).toBe(parseEther("0.001"));
  });

  it("stakes 1 CFX and then 1.5 CFX, kept in wei, locking for the lock period; no interest before a whole vote", async () => {
    const receipt = await stake(user, parseEther("1"));
    const [event] = parseEventLogs({ abi: delegationPoolAbi, logs: receipt.logs, eventName: "Staked" });
    expect(event?.args).toEqual({ user, amount: parseEther("1") });
    expect(parseEventLogs({ abi: delegationPoolAbi, logs: receipt.logs, eventName: "PoolVotesChanged" })).toEqual([]);
    const staked = await latestTime();
    await stake(user, parseEther("1.5"));
    expect(await summary()).toEqual({
      total: parseEther("2.5"),
      available: parseEther("2.5"),
      locked: 0n,
      unlocked: 0n,
      claimedInterest: 0n,
      currentInterest: 0n,
    });
    const queue = await chain.client.readContract({ ...pool, functionName: "userInQueue", args: [user] });
    expect(queue[0]).toEqual({ amount: parseEther("1"), endTime: staked + BigInt(lockPeriod) });
    expect(queue.map((node) => node.amount)).toEqual([parseEther("1"), parseEther("1.5")]);
    expect(await poolSummary()).toMatchObject({ staked: parseEther("2.5"), votes: 0n });
    const expected = await expectRevert(
      chain.client.simulateContract({ ...pool, account: user, functionName: "decreaseStake", args: [parseEther("1")] }),
      "NotEnoughLocked",
    );
    expect(expected).toEqual([parseEther("1"), 0n]);
    // 2.5 CFX is no whole vote of 1000 CFX: the pool stakes nothing on PoS yet, so nothing earns.
    await advance(600n);
    expect((await summary()).currentInterest).toBe(0n);
  });

  it("stakes 1000.25 CFX: the pool locks one whole vote, and the stake earns on it, shared by wei", async () => {
    const receipt = await stake(user, parseEther("1000.25"));
    const [votes] = parseEventLogs({ abi: delegationPoolAbi, logs: receipt.logs, eventName: "PoolVotesChanged" });
    expect(votes?.args).toEqual({ previousVotes: 0n, votes: 1n });
    expect(await poolSummary()).toMatchObject({ staked: parseEther("1002.75"), votes: 1n });
    // Still locking: 1 CFX and 1.5 CFX were staked 600 s ago, the lock period is an hour.
    expect(await summary()).toMatchObject({
      total: parseEther("1002.75"),
      available: parseEther("1002.75"),
      locked: 0n,
    });

    // Alone in the pool: 1002.75 CFX staked, one vote of 1000 CFX earning 10%: the user earns 10% of 1000 CFX.
    const before = (await summary()).currentInterest;
    await advance(BigInt(lockPeriod));
    expectInterest((await summary()).currentInterest - before, ideal(parseEther("1000"), BigInt(lockPeriod), apr));
    expect((await summary()).locked).toBe(parseEther("1002.75"));

    // Another staker brings the pool to 2000 CFX, two whole votes: now every staked wei earns the full 10%.
    const second = await stake(other, parseEther("997.25"));
    const [more] = parseEventLogs({ abi: delegationPoolAbi, logs: second.logs, eventName: "PoolVotesChanged" });
    expect(more?.args).toEqual({ previousVotes: 1n, votes: 2n });
    const [mine, theirs] = [(await summary()).currentInterest, (await summary(other)).currentInterest];
    await advance(BigInt(lockPeriod));
    expectInterest((await summary()).currentInterest - mine, ideal(parseEther("1002.75"), BigInt(lockPeriod), apr));
    expectInterest(
      (await summary(other)).currentInterest - theirs,
      ideal(parseEther("997.25"), BigInt(lockPeriod), apr),
    );
  });

  it("unstakes 0.5 CFX, which can be withdrawn only once the lock period has passed", async () => {
    const receipt = await send(user, "decreaseStake", parseEther("0.5"));
    const [event] = parseEventLogs({ abi: delegationPoolAbi, logs: receipt.logs, eventName: "Unstaked" });
    expect(event?.args).toEqual({ user, amount: parseEther("0.5") });
    // 1999.5 CFX left staked: the pool takes one vote off PoS.
    const [votes] = parseEventLogs({ abi: delegationPoolAbi, logs: receipt.logs, eventName: "PoolVotesChanged" });
    expect(votes?.args).toEqual({ previousVotes: 2n, votes: 1n });
    expect(await summary()).toMatchObject({
      total: parseEther("1002.75"),
      available: parseEther("1002.25"),
      locked: parseEther("1002.25"),
      unlocked: 0n,
    });
    const tooEarly = await expectRevert(
      chain.client.simulateContract({
        ...pool,
        account: user,
        functionName: "withdrawStake",
        args: [parseEther("0.5")],
      }),
      "NotEnoughUnlocked",
    );
    expect(tooEarly).toEqual([parseEther("0.5"), 0n]);

    await advance(BigInt(lockPeriod));
    expect(await summary()).toMatchObject({ total: parseEther("1002.75"), unlocked: parseEther("0.5") });
    const balance = await chain.client.getBalance({ address: user });
    const withdrawn = await send(user, "withdrawStake", parseEther("0.5"));
    const [withdrawEvent] = parseEventLogs({ abi: delegationPoolAbi, logs: withdrawn.logs, eventName: "Withdrawn" });
    expect(withdrawEvent?.args).toEqual({ user, amount: parseEther("0.5") });
    const gas = withdrawn.gasUsed * withdrawn.effectiveGasPrice;
    expect(await chain.client.getBalance({ address: user })).toBe(balance + parseEther("0.5") - gas);
    expect(await summary()).toMatchObject({
      total: parseEther("1002.25"),
      available: parseEther("1002.25"),
      unlocked: 0n,
    });
  });

  it("refuses to pay interest the reserve cannot cover, then pays it; the pool's CFX reconciles", async () => {
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
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await write(request) });
    const [claimEvent] = parseEventLogs({ abi: delegationPoolAbi, logs: receipt.logs, eventName: "ClaimInterest" });
    expect(claimEvent?.args).toEqual({ user, amount: part });
    expect((await summary()).claimedInterest).toBe(part);

    const { request: all } = await chain.client.simulateContract({
      ...pool,
      account: user,
      functionName: "claimAllInterest",
    });
    const allReceipt = await chain.client.waitForTransactionReceipt({ hash: await write(all) });
    expect(allReceipt.status).toBe("success");
    const [allEvent] = parseEventLogs({ abi: delegationPoolAbi, logs: allReceipt.logs, eventName: "ClaimInterest" });
    const after = await summary();
    expect(after.currentInterest).toBe(0n);
    expect(after.claimedInterest).toBe(part + (allEvent?.args.amount ?? 0n));

    // Every wei the pool holds is a position (1002.25 + 997.25 CFX) or the interest fund, which covers what is owed.
    const theirs = await summary(other);
    const totals = await poolSummary();
    expect(totals).toEqual({
      staked: parseEther("1999.5"),
      votes: 1n,
      interest: parseEther("50") - after.claimedInterest,
      totalInterest: after.claimedInterest,
    });
    expect(after.total + theirs.total).toBe(parseEther("1999.5"));
    expect(await chain.client.getBalance({ address: delegationPoolAddress })).toBe(
      after.total + theirs.total + totals.interest,
    );
    expect(totals.interest).toBeGreaterThanOrEqual(theirs.currentInterest);
  });

  describe("rejects", () => {
    it("dust: a stake below 0.001 CFX, or of nothing", async () => {
      for (const value of [parseEther("0.001") - 1n, 0n]) {
        const call = chain.client.simulateContract({ ...pool, account: user, functionName: "increaseStake", value });
        expect(await expectRevert(call, "BelowMinimumStake")).toEqual([parseEther("0.001"), value]);
      }
      const { request } = await chain.client.simulateContract({
        ...pool,
        account: user,
        functionName: "increaseStake",
        value: parseEther("0.001"),
      });
      expect(request.functionName).toBe("increaseStake");
    });

    it("zero to unstake or withdraw, and more than is locked or unlocked", async () => {
      for (const functionName of ["decreaseStake", "withdrawStake"] as const) {
        await expectRevert(
          chain.client.simulateContract({ ...pool, account: user, functionName, args: [0n] }),
          "ZeroAmount",
        );
      }
      const tooMuch = chain.client.simulateContract({
        ...pool,
        account: user,
        functionName: "decreaseStake",
        args: [parseEther("1002.25") + 1n],
      });
      expect(await expectRevert(tooMuch, "NotEnoughLocked")).toEqual([
        parseEther("1002.25") + 1n,
        parseEther("1002.25"),
      ]);
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
      await stake(refuser, parseEther("1"));
      await advance(60n);
      await send(refuser, "decreaseStake", parseEther("1"));
      await advance(60n);
      const call = chain.client.simulateContract({
        ...pool,
        account: refuser,
        functionName: "withdrawStake",
        args: [parseEther("1")],
      });
      await expectRevert(call, "TransferFailed");
      await chain.client.stopImpersonatingAccount({ address: refuser });
    });
  });
});

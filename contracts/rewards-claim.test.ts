import { type Address, parseEther, parseEventLogs, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositContractAddress, rewardsClaimAddress } from "../devnet/addresses.ts";
import { installEthereumContracts } from "../devnet/install-contracts.ts";
import { rewardsClaimAbi } from "./generated/index.ts";
import { expectRevert } from "./test/expect-revert.ts";
import { startTestChain, type TestChain } from "./test/test-chain.ts";

let chain: TestChain;
let funder: Address;
let alice: Address;
let bob: Address;

beforeAll(async () => {
  chain = await startTestChain(31337);
  [funder, alice, bob] = chain.accounts as [Address, Address, Address];
  await installEthereumContracts(chain.client, { owner: funder, feePerValidator: 0n });
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const contract = { address: rewardsClaimAddress, abi: rewardsClaimAbi } as const;
const claimable = (owner: Address) =>
  chain.client.readContract({ ...contract, functionName: "claimable", args: [owner] });
const claimed = (owner: Address) => chain.client.readContract({ ...contract, functionName: "claimed", args: [owner] });

describe("execution-layer rewards claim contract", () => {
  it("credits rewards to an owner and says so in an Accrued event", async () => {
    const { request } = await chain.client.simulateContract({
      ...contract,
      account: funder,
      functionName: "accrue",
      args: [alice],
      value: parseEther("0.3"),
    });
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
    const events = parseEventLogs({ abi: rewardsClaimAbi, logs: receipt.logs, eventName: "Accrued" });
    expect(events.map((e) => e.args)).toEqual([{ owner: alice, amount: parseEther("0.3") }]);
    expect(await claimable(alice)).toBe(parseEther("0.3"));
  });

  it("credits several owners in one transaction", async () => {
    const { request } = await chain.client.simulateContract({
      ...contract,
      account: funder,
      functionName: "accrueMany",
      args: [
        [alice, bob],
        [parseEther("0.2"), parseEther("1")],
      ],
      value: parseEther("1.2"),
    });
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
    expect(parseEventLogs({ abi: rewardsClaimAbi, logs: receipt.logs, eventName: "Accrued" })).toHaveLength(2);
    expect(await claimable(alice)).toBe(parseEther("0.5"));
    expect(await claimable(bob)).toBe(parseEther("1"));
  });

  it("pays the caller its whole balance on claim and records it as claimed", async () => {
    const before = await chain.client.getBalance({ address: alice });
    const { request } = await chain.client.simulateContract({ ...contract, account: alice, functionName: "claim" });
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
    const [event] = parseEventLogs({ abi: rewardsClaimAbi, logs: receipt.logs, eventName: "Claimed" });
    expect(event?.args).toEqual({ owner: alice, amount: parseEther("0.5") });
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await chain.client.getBalance({ address: alice })).toBe(before + parseEther("0.5") - gas);
    expect(await claimable(alice)).toBe(0n);
    expect(await claimed(alice)).toBe(parseEther("0.5"));
    expect(await claimable(bob)).toBe(parseEther("1"));
  });

  describe("rejects", () => {
    it("a claim with nothing to claim", async () => {
      await expectRevert(
        chain.client.simulateContract({ ...contract, account: alice, functionName: "claim" }),
        "NothingToClaim",
      );
    });

    it("an accrual of zero", async () => {
      const call = chain.client.simulateContract({
        ...contract,
        account: funder,
        functionName: "accrue",
        args: [alice],
      });
      await expectRevert(call, "ZeroAmount");
    });

    it("an accrual to the zero address", async () => {
      const call = chain.client.simulateContract({
        ...contract,
        account: funder,
        functionName: "accrue",
        args: [zeroAddress],
        value: 1n,
      });
      await expectRevert(call, "ZeroOwner");
    });

    it("owners and amounts of different lengths", async () => {
      const call = chain.client.simulateContract({
        ...contract,
        account: funder,
        functionName: "accrueMany",
        args: [[alice, bob], [1n]],
        value: 1n,
      });
      expect(await expectRevert(call, "LengthMismatch")).toEqual([2n, 1n]);
    });

    it("a value that is not the sum of the amounts", async () => {
      const call = chain.client.simulateContract({
        ...contract,
        account: funder,
        functionName: "accrueMany",
        args: [[alice], [5n]],
        value: 4n,
      });
      expect(await expectRevert(call, "WrongValue")).toEqual([5n, 4n]);
    });

    it("a claim whose owner cannot receive ether, keeping its balance", async () => {
      await chain.client.writeContract({
        ...contract,
        account: funder,
        functionName: "accrue",
        args: [depositContractAddress],
        value: 7n,
      });
      await chain.client.impersonateAccount({ address: depositContractAddress });
      await chain.client.setBalance({ address: depositContractAddress, value: parseEther("1") });
      const call = chain.client.simulateContract({
        ...contract,
        account: depositContractAddress,
        functionName: "claim",
      });
      await expectRevert(call, "TransferFailed");
      await chain.client.stopImpersonatingAccount({ address: depositContractAddress });
      expect(await claimable(depositContractAddress)).toBe(7n);
    });
  });
});

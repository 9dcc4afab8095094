import { type Address, parseEther, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rewardsClaimAddress } from "../devnet/addresses.ts";
import { installEthereumContracts } from "../devnet/install-contracts.ts";
import { rewardsClaimAbi } from "./generated/index.ts";
import { expectRevert } from "./test/expect-revert.ts";
import { startTestChain, type TestChain } from "./test/test-chain.ts";

let chain: TestChain;
let owner: Address;
let payer: Address;
let alice: Address;
let bob: Address;

beforeAll(async () => {
  chain = await startTestChain(31337);
  [owner, payer, alice, bob] = chain.accounts as [Address, Address, Address, Address];
  await installEthereumContracts(chain.client, { owner, feePerValidator: 0n });
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const contract = { address: rewardsClaimAddress, abi: rewardsClaimAbi } as const;
const read = (functionName: "totalAllocated" | "totalUnallocated") =>
  chain.client.readContract({ ...contract, functionName });
const claimable = (account: Address) =>
  chain.client.readContract({ ...contract, functionName: "claimable", args: [account] });

async function allocate(owners: Address[], amounts: bigint[]) {
  const { request } = await chain.client.simulateContract({
    ...contract,
    account: owner,
    functionName: "allocateMany",
    args: [owners, amounts],
  });
  const receipt = await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
  return parseEventLogs({ abi: rewardsClaimAbi, logs: receipt.logs, eventName: "Accrued" }).map((log) => log.args);
}

describe("rewards claim contract as the validators' fee recipient", () => {
  it("takes a plain ether transfer as unallocated rewards that nobody can claim yet", async () => {
    const hash = await chain.client.sendTransaction({
      account: payer,
      to: rewardsClaimAddress,
      value: parseEther("3"),
    });
    const receipt = await chain.client.waitForTransactionReceipt({ hash });
    const events = parseEventLogs({ abi: rewardsClaimAbi, logs: receipt.logs, eventName: "Received" });
    expect(events.map((log) => log.args)).toEqual([{ from: payer, amount: parseEther("3") }]);
    expect(await read("totalUnallocated")).toBe(parseEther("3"));
    expect(await read("totalAllocated")).toBe(0n);
    await expectRevert(
      chain.client.simulateContract({ ...contract, account: alice, functionName: "claim" }),
      "NothingToClaim",
    );
  });

  it("counts ether credited without a call (as block rewards are) as unallocated", async () => {
    const balance = await chain.client.getBalance({ address: rewardsClaimAddress });
    await chain.client.setBalance({ address: rewardsClaimAddress, value: balance + parseEther("1") });
    expect(await read("totalUnallocated")).toBe(parseEther("4"));
  });

  it("moves unallocated rewards to stakers when the owner allocates them", async () => {
    expect(await allocate([alice, bob], [parseEther("1.5"), parseEther("2")])).toEqual([
      { owner: alice, amount: parseEther("1.5") },
      { owner: bob, amount: parseEther("2") },
    ]);
    expect(await claimable(alice)).toBe(parseEther("1.5"));
    expect(await claimable(bob)).toBe(parseEther("2"));
    expect(await read("totalAllocated")).toBe(parseEther("3.5"));
    expect(await read("totalUnallocated")).toBe(parseEther("0.5"));
  });

  it("refuses to allocate more than is unallocated, with the amounts", async () => {
    const call = chain.client.simulateContract({
      ...contract,
      account: owner,
      functionName: "allocate",
      args: [alice, parseEther("0.6")],
    });
    expect(await expectRevert(call, "NotEnoughUnallocated")).toEqual([parseEther("0.6"), parseEther("0.5")]);
    const many = chain.client.simulateContract({
      ...contract,
      account: owner,
      functionName: "allocateMany",
      args: [
        [alice, bob],
        [parseEther("0.3"), parseEther("0.3")],
      ],
    });
    expect(await expectRevert(many, "NotEnoughUnallocated")).toEqual([parseEther("0.6"), parseEther("0.5")]);
  });

  it("pays a claim from the staker's allocation only, leaving the unallocated rest in place", async () => {
    const before = await chain.client.getBalance({ address: alice });
    const { request } = await chain.client.simulateContract({ ...contract, account: alice, functionName: "claim" });
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await chain.client.getBalance({ address: alice })).toBe(before + parseEther("1.5") - gas);
    expect(await read("totalAllocated")).toBe(parseEther("2"));
    expect(await read("totalUnallocated")).toBe(parseEther("0.5"));
    expect(await chain.client.getBalance({ address: rewardsClaimAddress })).toBe(parseEther("2.5"));
  });

  it("keeps ether paid with accrue out of the unallocated total", async () => {
    const hash = await chain.client.writeContract({
      ...contract,
      account: payer,
      functionName: "accrue",
      args: [alice],
      value: parseEther("0.2"),
    });
    await chain.client.waitForTransactionReceipt({ hash });
    expect(await read("totalAllocated")).toBe(parseEther("2.2"));
    expect(await read("totalUnallocated")).toBe(parseEther("0.5"));
  });
});

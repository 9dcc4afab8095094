import { type Abi, type Address, parseEther, parseEventLogs, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { delegationPoolAddress, ethStakingAddress, rewardsClaimAddress } from "../devnet/addresses.ts";
import { installEthereumContracts, installPoolContracts } from "../devnet/install-contracts.ts";
import { delegationPoolAbi, ethStakingAbi, rewardsClaimAbi } from "./generated/index.ts";
import { expectRevert } from "./test/expect-revert.ts";
import { startTestChain, type TestChain } from "./test/test-chain.ts";

let chain: TestChain;
let owner: Address;
let next: Address;
let stranger: Address;

beforeAll(async () => {
  chain = await startTestChain(31337);
  [owner, next, stranger] = chain.accounts as [Address, Address, Address];
  await installEthereumContracts(chain.client, { owner, feePerValidator: parseEther("0.05") });
  await installPoolContracts(chain.client, {
    owner,
    voteUnit: parseEther("1000"),
    lockPeriod: 600,
    aprBasisPoints: 1000,
    poolName: "Devnet PoS Pool",
  });
});

afterAll(async () => {
  await chain?.anvil.stop();
});

type OwnerCall = readonly [functionName: string, args: readonly unknown[]];
interface OwnedContract {
  readonly name: string;
  readonly address: Address;
  readonly abi: Abi;
  readonly ownerCalls: readonly [OwnerCall, ...OwnerCall[]];
}

const contracts: readonly OwnedContract[] = [
  {
    name: "EthStaking",
    address: ethStakingAddress,
    abi: ethStakingAbi,
    ownerCalls: [
      ["setFeePerValidator", [1n]],
      ["withdrawFees", ["0x000000000000000000000000000000000000dEaD"]],
      ["pauseStaking", []],
      ["unpauseStaking", []],
      ["transferOwnership", ["0x000000000000000000000000000000000000dEaD"]],
    ],
  },
  {
    name: "RewardsClaim",
    address: rewardsClaimAddress,
    abi: rewardsClaimAbi,
    ownerCalls: [
      ["allocate", ["0x000000000000000000000000000000000000dEaD", 1n]],
      ["allocateMany", [["0x000000000000000000000000000000000000dEaD"], [1n]]],
      ["transferOwnership", ["0x000000000000000000000000000000000000dEaD"]],
    ],
  },
  {
    name: "DelegationPool",
    address: delegationPoolAddress,
    abi: delegationPoolAbi,
    ownerCalls: [
      ["setLockPeriod", [60n]],
      ["pauseStaking", []],
      ["unpauseStaking", []],
      ["transferOwnership", ["0x000000000000000000000000000000000000dEaD"]],
    ],
  },
];

describe.each(contracts)("$name ownership", ({ address, abi, ownerCalls }) => {
  const read = (functionName: "owner" | "pendingOwner") =>
    chain.client.readContract({ address, abi, functionName }) as Promise<Address>;
  const send = async (account: Address, functionName: string, args: readonly unknown[]) => {
    const { request } = await chain.client.simulateContract({ address, abi, account, functionName, args });
    const receipt = await chain.client.waitForTransactionReceipt({ hash: await chain.client.writeContract(request) });
    return parseEventLogs({ abi, logs: receipt.logs });
  };

  it("starts with the owner its constructor was given and no pending owner", async () => {
    expect(await read("owner")).toBe(owner);
    expect(await read("pendingOwner")).toBe(zeroAddress);
  });

  it.each(ownerCalls)("refuses %s to anyone but the owner with NotOwner(caller)", async (functionName, args) => {
    const call = chain.client.simulateContract({ address, abi, account: stranger, functionName, args });
    expect(await expectRevert(call, "NotOwner")).toEqual([stranger]);
  });

  it("moves ownership only when the named account accepts", async () => {
    const started = await send(owner, "transferOwnership", [next]);
    expect(started.map((log) => [log.eventName, log.args])).toEqual([
      ["OwnershipTransferStarted", { previousOwner: owner, newOwner: next }],
    ]);
    expect(await read("owner")).toBe(owner);
    expect(await read("pendingOwner")).toBe(next);

    // Before accepting, the pending owner has no rights; a third party cannot accept in its place.
    const [functionName, args] = ownerCalls[0];
    const early = chain.client.simulateContract({ address, abi, account: next, functionName, args });
    expect(await expectRevert(early, "NotOwner")).toEqual([next]);
    const hijack = chain.client.simulateContract({ address, abi, account: stranger, functionName: "acceptOwnership" });
    expect(await expectRevert(hijack, "NotPendingOwner")).toEqual([stranger]);

    const accepted = await send(next, "acceptOwnership", []);
    expect(accepted.map((log) => [log.eventName, log.args])).toEqual([
      ["OwnershipTransferred", { previousOwner: owner, newOwner: next }],
    ]);
    expect(await read("owner")).toBe(next);
    expect(await read("pendingOwner")).toBe(zeroAddress);
    const former = chain.client.simulateContract({ address, abi, account: owner, functionName, args });
    expect(await expectRevert(former, "NotOwner")).toEqual([owner]);

    // Hand it back, so the order of these tests does not matter.
    await send(next, "transferOwnership", [owner]);
    await send(owner, "acceptOwnership", []);
    expect(await read("owner")).toBe(owner);
  });

  it("lets the owner cancel a pending transfer by naming the zero address", async () => {
    await send(owner, "transferOwnership", [next]);
    await send(owner, "transferOwnership", [zeroAddress]);
    const call = chain.client.simulateContract({ address, abi, account: next, functionName: "acceptOwnership" });
    expect(await expectRevert(call, "NotPendingOwner")).toEqual([next]);
    expect(await read("owner")).toBe(owner);
  });
});

import { type Address, parseEther } from "viem";
import { delegationPoolAbi, rewardsClaimAbi } from "../contracts/generated/index.ts";
import { delegationPoolAddress, rewardsClaimAddress } from "./addresses.ts";
import type { DevnetClient } from "./devnet-client.ts";

/** Execution-layer rewards the devnet credits to dev account i: 0.5 ETH + i * 0.05 ETH. */
export function seededReward(index: number): bigint {
  return parseEther("0.5") + BigInt(index) * parseEther("0.05");
}

/** CFX the devnet puts in the pool's interest reserve. */
export const SEEDED_POOL_RESERVE = parseEther("10000");

/**
 * Gives every dev account claimable execution-layer rewards the way a real network does: the provider account
 * (the contract's owner) sends the rewards to the claim contract as a plain transfer, as block production pays
 * a fee recipient, then allocates them to the stakers.
 */
export async function seedRewards(client: DevnetClient, provider: Address, owners: readonly Address[]): Promise<void> {
  const amounts = owners.map((_, index) => seededReward(index));
  const received = await client.sendTransaction({
    account: provider,
    to: rewardsClaimAddress,
    value: amounts.reduce((a, b) => a + b, 0n),
  });
  if ((await client.waitForTransactionReceipt({ hash: received })).status !== "success") {
    throw new Error("devnet: sending rewards to the claim contract failed");
  }
  const allocated = await client.writeContract({
    account: provider,
    address: rewardsClaimAddress,
    abi: rewardsClaimAbi,
    functionName: "allocateMany",
    args: [owners, amounts],
  });
  if ((await client.waitForTransactionReceipt({ hash: allocated })).status !== "success") {
    throw new Error("devnet: allocating rewards to the dev accounts failed");
  }
}

/** Funds the pool's interest reserve from the provider account. */
export async function seedPoolReserve(client: DevnetClient, provider: Address): Promise<void> {
  const hash = await client.writeContract({
    account: provider,
    address: delegationPoolAddress,
    abi: delegationPoolAbi,
    functionName: "fundInterest",
    value: SEEDED_POOL_RESERVE,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error("devnet: funding the pool's interest reserve failed");
}

import type { Address, PublicClient } from "viem";
import { rewardsClaimAbi } from "../../../contracts/generated/index.ts";

/** An owner's execution-layer rewards in the claim contract, in wei. */
export interface ClaimableRewards {
  /** What `claim()` would pay now: the figure the transaction uses. */
  readonly claimableWei: bigint;
  /** Claimed so far. */
  readonly claimedWei: bigint;
}

/** Reads `claimable(owner)` and `claimed(owner)` from the claim contract. */
export async function readClaimable(
  client: PublicClient,
  contract: Address,
  owner: Address,
): Promise<ClaimableRewards> {
  const base = { address: contract, abi: rewardsClaimAbi, args: [owner] } as const;
  const [claimableWei, claimedWei] = await Promise.all([
    client.readContract({ ...base, functionName: "claimable" }),
    client.readContract({ ...base, functionName: "claimed" }),
  ]);
  return { claimableWei, claimedWei };
}

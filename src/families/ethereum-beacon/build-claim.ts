import { type Address, encodeFunctionData, type Hex } from "viem";
import { rewardsClaimAbi } from "../../../contracts/generated/index.ts";

/** A call to the claim contract, ready for the shared send path. */
export interface ClaimCall {
  readonly to: Address;
  readonly data: Hex;
  readonly value: bigint;
}

/** The claim contract's ABI, to decode its errors (NothingToClaim, TransferFailed) when a simulation reverts. */
export { rewardsClaimAbi as claimAbi } from "../../../contracts/generated/index.ts";

/**
 * Claims everything the sender can claim from the provider's rewards claim contract (`claim()`, no
 * arguments, no value): the contract pays the caller its whole claimable balance.
 */
export function buildClaim(contract: Address): ClaimCall {
  return { to: contract, data: encodeFunctionData({ abi: rewardsClaimAbi, functionName: "claim" }), value: 0n };
}

import type { Address } from "viem";
import { rewardsClaimAbi } from "../../../contracts/generated/index.ts";
import { type ContractCall, contractCall } from "../../core/contract-call.ts";

/**
 * Claims everything the sender can claim from the provider's rewards claim contract (`claim()`, no
 * arguments, no value): the contract pays the caller its whole claimable balance.
 */
export function buildClaim(contract: Address): ContractCall {
  return contractCall({ to: contract, abi: rewardsClaimAbi, functionName: "claim", args: [] });
}

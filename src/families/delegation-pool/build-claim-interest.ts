import type { Address } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import { type ContractCall, contractCall } from "../../core/contract-call.ts";

/**
 * Claims interest: `amountWei` of it (claimInterest), or all of it when no amount is given
 * (claimAllInterest, which claims what has accrued by the block that includes it).
 */
export function buildClaimInterest(pool: Address, amountWei?: bigint): ContractCall {
  if (amountWei !== undefined && amountWei <= 0n) throw new RangeError("the interest to claim must be positive");
  return amountWei === undefined
    ? contractCall({ to: pool, abi: delegationPoolAbi, functionName: "claimAllInterest", args: [] })
    : contractCall({ to: pool, abi: delegationPoolAbi, functionName: "claimInterest", args: [amountWei] });
}

import { type Address, encodeFunctionData } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import type { PoolCall } from "./pool-call.ts";

/**
 * Claims interest: `amountWei` of it (claimInterest), or all of it when no amount is given
 * (claimAllInterest, which claims what has accrued by the block that includes it).
 */
export function buildClaimInterest(pool: Address, amountWei?: bigint): PoolCall {
  if (amountWei !== undefined && amountWei <= 0n) throw new RangeError("the interest to claim must be positive");
  return {
    to: pool,
    data:
      amountWei === undefined
        ? encodeFunctionData({ abi: delegationPoolAbi, functionName: "claimAllInterest" })
        : encodeFunctionData({ abi: delegationPoolAbi, functionName: "claimInterest", args: [amountWei] }),
    value: 0n,
  };
}

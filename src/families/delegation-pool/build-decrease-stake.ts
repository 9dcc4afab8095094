import { type Address, encodeFunctionData } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import type { PoolCall } from "./pool-call.ts";
import { MAX_VOTES } from "./votes-for-amount.ts";

/** Starts unstaking `votes` locked votes (decreaseStake); they can be withdrawn after the lock period. */
export function buildDecreaseStake(pool: Address, votes: bigint): PoolCall {
  if (votes <= 0n || votes > MAX_VOTES) throw new RangeError(`cannot unstake ${votes} votes`);
  return {
    to: pool,
    data: encodeFunctionData({ abi: delegationPoolAbi, functionName: "decreaseStake", args: [votes] }),
    value: 0n,
  };
}

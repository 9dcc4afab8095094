import { type Address, encodeFunctionData } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import type { PoolCall } from "./pool-call.ts";
import { MAX_VOTES } from "./votes-for-amount.ts";

/** Withdraws `votes` unlocked votes back to the wallet (withdrawStake). */
export function buildWithdrawStake(pool: Address, votes: bigint): PoolCall {
  if (votes <= 0n || votes > MAX_VOTES) throw new RangeError(`cannot withdraw ${votes} votes`);
  return {
    to: pool,
    data: encodeFunctionData({ abi: delegationPoolAbi, functionName: "withdrawStake", args: [votes] }),
    value: 0n,
  };
}

import { type Address, encodeFunctionData } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import type { PoolCall } from "./pool-call.ts";
import { MAX_VOTES } from "./votes-for-amount.ts";

/** Stakes `votes` votes: increaseStake(votes) paying exactly votes × voteUnit wei. */
export function buildIncreaseStake(pool: Address, votes: bigint, voteUnitWei: bigint): PoolCall {
  if (votes <= 0n || votes > MAX_VOTES) throw new RangeError(`cannot stake ${votes} votes`);
  return {
    to: pool,
    data: encodeFunctionData({ abi: delegationPoolAbi, functionName: "increaseStake", args: [votes] }),
    value: votes * voteUnitWei,
  };
}

import type { Address } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import { type ContractCall, contractCall } from "../../core/contract-call.ts";
import { MAX_VOTES } from "./votes-for-amount.ts";

/** Stakes `votes` votes: increaseStake(votes) paying exactly votes × voteUnit wei. */
export function buildIncreaseStake(pool: Address, votes: bigint, voteUnitWei: bigint): ContractCall {
  if (votes <= 0n || votes > MAX_VOTES) throw new RangeError(`cannot stake ${votes} votes`);
  return contractCall({
    to: pool,
    abi: delegationPoolAbi,
    functionName: "increaseStake",
    args: [votes],
    value: votes * voteUnitWei,
  });
}

import type { Address } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import { type ContractCall, contractCall } from "../../core/contract-call.ts";
import { MAX_VOTES } from "./votes-for-amount.ts";

/** Starts unstaking `votes` locked votes (decreaseStake); they can be withdrawn after the lock period. */
export function buildDecreaseStake(pool: Address, votes: bigint): ContractCall {
  if (votes <= 0n || votes > MAX_VOTES) throw new RangeError(`cannot unstake ${votes} votes`);
  return contractCall({
    to: pool,
    abi: delegationPoolAbi,
    functionName: "decreaseStake",
    args: [votes],
  });
}

import type { Address } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import { type ContractCall, contractCall } from "../../core/contract-call.ts";
import { MAX_VOTES } from "./votes-for-amount.ts";

/** Withdraws `votes` unlocked votes back to the wallet (withdrawStake). */
export function buildWithdrawStake(pool: Address, votes: bigint): ContractCall {
  if (votes <= 0n || votes > MAX_VOTES) throw new RangeError(`cannot withdraw ${votes} votes`);
  return contractCall({
    to: pool,
    abi: delegationPoolAbi,
    functionName: "withdrawStake",
    args: [votes],
  });
}

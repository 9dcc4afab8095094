import type { Address } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import { type ContractCall, contractCall } from "../../core/contract-call.ts";

/**
 * Stakes `amountWei` in the pool: increaseStake() paying exactly that amount. `minimumWei` is the pool's dust floor
 * (MINIMUM_STAKE, read from the chain); anything below it would revert, so it is refused here first.
 */
export function buildStake(pool: Address, amountWei: bigint, minimumWei: bigint): ContractCall {
  if (amountWei < minimumWei || amountWei <= 0n)
    throw new RangeError(`cannot stake ${amountWei} wei: the pool takes at least ${minimumWei} wei`);
  return contractCall({ to: pool, abi: delegationPoolAbi, functionName: "increaseStake", args: [], value: amountWei });
}

import type { Address } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import { type ContractCall, contractCall } from "../../core/contract-call.ts";

/** Starts unstaking `amountWei` of the locked stake (decreaseStake); it can be withdrawn after the lock period. */
export function buildUnstake(pool: Address, amountWei: bigint): ContractCall {
  if (amountWei <= 0n) throw new RangeError(`cannot unstake ${amountWei} wei`);
  return contractCall({ to: pool, abi: delegationPoolAbi, functionName: "decreaseStake", args: [amountWei] });
}

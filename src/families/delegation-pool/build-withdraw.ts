import type { Address } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";
import { type ContractCall, contractCall } from "../../core/contract-call.ts";

/** Withdraws `amountWei` of the unlocked stake back to the wallet (withdrawStake). */
export function buildWithdraw(pool: Address, amountWei: bigint): ContractCall {
  if (amountWei <= 0n) throw new RangeError(`cannot withdraw ${amountWei} wei`);
  return contractCall({ to: pool, abi: delegationPoolAbi, functionName: "withdrawStake", args: [amountWei] });
}

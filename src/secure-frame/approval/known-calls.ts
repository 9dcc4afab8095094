import { type AbiFunction, type Hex, slice, toFunctionSelector } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/DelegationPool.ts";
import { depositContractAbi } from "../../../contracts/generated/DepositContract.ts";
import { ethStakingAbi } from "../../../contracts/generated/EthStaking.ts";
import { ssvNetworkAbi } from "../../../contracts/generated/SSVNetwork.ts";
import { ssvTokenAbi } from "../../../contracts/generated/SSVToken.ts";

/** The staking calls the app makes, by contract: the approval names them instead of showing a bare selector. */
const KNOWN: readonly (readonly [abi: readonly unknown[], names: readonly string[]])[] = [
  [depositContractAbi, ["deposit"]],
  [ethStakingAbi, ["stake", "stakeCompounding"]],
  [delegationPoolAbi, ["increaseStake", "decreaseStake", "withdrawStake", "claimInterest", "claimAllInterest"]],
  [ssvTokenAbi, ["approve"]],
  [ssvNetworkAbi, ["registerValidator", "bulkRegisterValidator"]],
];

const names = new Map<Hex, string>();
for (const [abi, wanted] of KNOWN)
  for (const item of abi as readonly AbiFunction[])
    if (item.type === "function" && wanted.includes(item.name)) names.set(toFunctionSelector(item), item.name);

/** A call's function: its 4-byte selector and, for the known staking calls, the function's name. */
export function functionOf(data: Hex): { readonly selector: Hex; readonly name: string | undefined } | undefined {
  if (data.length < 10) return undefined;
  const selector = slice(data, 0, 4);
  return { selector, name: names.get(selector) };
}

import { type Hex, slice, toFunctionSelector } from "viem";

/**
 * The staking calls the app makes (the deposit contract, the batch staking contract, the delegation pool, SSV's
 * token and network), as signatures rather than the generated ABIs, which would add ≈5 KB gzip to the frame;
 * known-calls.test.ts holds each to contracts/generated so none can drift.
 */
export const KNOWN_CALLS = [
  "deposit(bytes,bytes,bytes,bytes32)",
  "stake(bytes[],bytes32,bytes[],bytes32[])",
  "stakeCompounding(bytes,bytes32,bytes,bytes32,uint256)",
  "increaseStake(uint64)",
  "decreaseStake(uint64)",
  "withdrawStake(uint64)",
  "claimInterest(uint256)",
  "claimAllInterest()",
  "approve(address,uint256)",
  "registerValidator(bytes,uint64[],bytes,uint256,(uint32,uint64,uint64,bool,uint256))",
  "bulkRegisterValidator(bytes[],uint64[],bytes[],uint256,(uint32,uint64,uint64,bool,uint256))",
] as const;

const names = new Map<Hex, string>(
  KNOWN_CALLS.map((signature) => [toFunctionSelector(signature), signature.slice(0, signature.indexOf("("))]),
);

/** A call's function: its 4-byte selector and, for the known staking calls, the function's name. */
export function functionOf(data: Hex): { readonly selector: Hex; readonly name: string | undefined } | undefined {
  if (data.length < 10) return undefined;
  const selector = slice(data, 0, 4);
  return { selector, name: names.get(selector) };
}

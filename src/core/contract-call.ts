import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  encodeFunctionData,
  type Hex,
} from "viem";

/**
 * A transaction to a contract, as every builder returns it: the target, its ABI (so the send path simulates
 * with it and decodes any revert by the contract's own error names), the function and its arguments, and the
 * wei sent along. A contract without functions (the EIP-7002 / EIP-7251 request contracts, whose fallback
 * takes raw bytes) is called with `input` instead of a function.
 */
export type ContractCall = {
  readonly to: Address;
  readonly abi: Abi;
  /** Wei sent with the call; none when absent. */
  readonly value?: bigint;
} & (
  | { readonly functionName: string; readonly args: readonly unknown[]; readonly input?: undefined }
  | { readonly input: Hex; readonly functionName?: undefined; readonly args?: undefined }
);

type Writable<abi extends Abi> = ContractFunctionName<abi, "nonpayable" | "payable">;

/** A ContractCall to `functionName` of `abi`, its arguments checked against the ABI's types. */
export function contractCall<const abi extends Abi, functionName extends Writable<abi>>(call: {
  readonly to: Address;
  readonly abi: abi;
  readonly functionName: functionName;
  readonly args: ContractFunctionArgs<abi, "nonpayable" | "payable", functionName>;
  readonly value?: bigint;
}): ContractCall {
  return { ...call, args: call.args as readonly unknown[] };
}

/** The call's wire form (the transaction's data): the function's selector and encoded arguments, or the raw input. */
export function callData(call: ContractCall): Hex {
  if (call.input !== undefined) return call.input;
  return encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args } as never);
}

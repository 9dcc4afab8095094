import { type Abi, BaseError, type ContractConstructorArgs, decodeErrorResult, encodeDeployData, type Hex } from "viem";
import type { TestChain } from "./test-chain.ts";

/**
 * Runs a contract creation with `args` as a call (nothing is sent) and returns the name of the custom error
 * its constructor reverted with, or undefined when the constructor accepted the arguments.
 */
export async function deployRevert<const TAbi extends Abi>(
  chain: TestChain,
  abi: TAbi,
  bytecode: Hex,
  args: ContractConstructorArgs<TAbi>,
): Promise<string | undefined> {
  const data = encodeDeployData({ abi, bytecode, args } as Parameters<typeof encodeDeployData>[0]);
  try {
    await chain.client.call({ account: chain.accounts[0], data });
    return undefined;
  } catch (error) {
    const withData = (cause: unknown) => typeof (cause as { data?: unknown }).data === "string";
    const raw = error instanceof BaseError ? error.walk(withData) : undefined;
    const revertData = (raw as { data?: Hex } | undefined)?.data;
    if (typeof revertData !== "string") throw error;
    return decodeErrorResult({ abi, data: revertData }).errorName;
  }
}

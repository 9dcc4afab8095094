import { BaseError, ContractFunctionRevertedError } from "viem";
import { expect } from "vitest";

/**
 * Awaits a viem call that must revert with the named custom error (or "Error" for a require message)
 * and returns the decoded error arguments.
 */
export async function expectRevert(call: Promise<unknown>, errorName: string): Promise<readonly unknown[]> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected a revert with ${errorName}`).toBeInstanceOf(BaseError);
  const reverted = (error as BaseError).walk((cause) => cause instanceof ContractFunctionRevertedError);
  expect(reverted, String(error)).toBeInstanceOf(ContractFunctionRevertedError);
  const data = (reverted as ContractFunctionRevertedError).data;
  expect(data?.errorName).toBe(errorName);
  return data?.args ?? [];
}

import { type Address, encodeDeployData, formatGwei, formatUnits, type Hex, type PublicClient } from "viem";
import { DeployCommandError } from "./deploy-command-error.ts";
import type { NetworkTarget } from "./network-target.ts";
import type { PlannedContract } from "./planned-contracts.ts";
import { revertReason } from "./revert-reason.ts";

/** A transaction the deployment would send, with its estimated gas. */
export interface EstimatedTransaction {
  readonly contract: PlannedContract;
  readonly gas: bigint;
}

/** Estimated gas of a call or creation from `from`; a revert names the constructor's custom error. */
export async function estimate(
  client: PublicClient,
  contract: PlannedContract,
  request: { readonly from: Address; readonly to?: Address; readonly data: Hex },
): Promise<bigint> {
  try {
    return await client.estimateGas({
      account: request.from,
      ...(request.to ? { to: request.to } : {}),
      data: request.data,
    });
  } catch (error) {
    const reason = revertReason(contract.abi, error) ?? "the chain refused the transaction";
    throw new DeployCommandError(`${contract.name}: the creation would fail with ${reason}; nothing was sent`);
  }
}

/** The creation transaction's data: init code and ABI-encoded constructor arguments. */
export function creationData(contract: PlannedContract): Hex {
  return encodeDeployData({ abi: contract.abi, bytecode: contract.bytecode, args: contract.args } as never);
}

/** Prints each transaction, its constructor arguments, gas and fee at `maxFeePerGas`; returns the total fee. */
export function printPlan(
  target: NetworkTarget,
  transactions: readonly EstimatedTransaction[],
  maxFeePerGas: bigint,
  print: (line: string) => void,
): bigint {
  let total = 0n;
  for (const { contract, gas } of transactions) {
    const fee = gas * maxFeePerGas;
    total += fee;
    print(`${contract.name} (contracts.${contract.field})`);
    for (const arg of contract.argsText) print(`  ${arg}`);
    print(`  gas ${gas}, fee up to ${formatUnits(fee, target.decimals)} ${target.symbol}`);
  }
  print(
    `total fee up to ${formatUnits(total, target.decimals)} ${target.symbol} at ${formatGwei(maxFeePerGas)} gwei per gas (current max fee)`,
  );
  return total;
}

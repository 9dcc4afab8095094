import type { Address, PublicClient } from "viem";
import { DeployCommandError } from "./deploy-command-error.ts";
import { contractInFile, type NetworkTarget } from "./network-target.ts";
import type { PlannedContract } from "./planned-contracts.ts";

/** A contract the file already names and the chain already holds, as this deployment would have made it. */
export interface ExistingContract {
  readonly planned: PlannedContract;
  readonly address: Address;
  /** On-chain fee per validator when it differs from the network file's serviceFee (EthStaking). */
  readonly feeDiffers?: bigint;
}

/**
 * Sorts the planned contracts into those the file already names with our runtime code and the asked owner (kept,
 * the idempotent case) and those to deploy. A file address with other code, no code or another owner is refused,
 * naming the field, that address and the address this deployment would use (`predicted`).
 */
export async function findExistingContracts(
  client: PublicClient,
  target: NetworkTarget,
  planned: readonly PlannedContract[],
  owner: Address,
  predicted: (contract: PlannedContract) => Address,
): Promise<{ readonly existing: ExistingContract[]; readonly toDeploy: PlannedContract[] }> {
  const existing: ExistingContract[] = [];
  const toDeploy: PlannedContract[] = [];
  for (const contract of planned) {
    const address = contractInFile(target, contract.field);
    if (!address) {
      toDeploy.push(contract);
      continue;
    }
    const code = (await client.getCode({ address })) ?? "0x";
    if (code.toLowerCase() !== contract.deployedBytecode.toLowerCase()) {
      const held = code === "0x" ? "no code" : `code that is not ${contract.name}`;
      throw new DeployCommandError(
        `${target.label} already names contracts.${contract.field} = ${address}, which holds ${held} on chain ${target.environment.chainId}; this deployment would put ${contract.name} at ${predicted(contract)}. Remove contracts.${contract.field} from the file to deploy a new one, or correct it`,
      );
    }
    const actualOwner = (await client.readContract({ address, abi: contract.abi, functionName: "owner" })) as Address;
    if (actualOwner !== owner) {
      throw new DeployCommandError(
        `${target.label}: contracts.${contract.field} = ${address} is a ${contract.name} owned by ${actualOwner}, not by ${owner} as asked; pass --owner ${actualOwner} to keep it, or remove contracts.${contract.field} to deploy a new one`,
      );
    }
    let feeDiffers: bigint | undefined;
    if (contract.feePerValidator !== undefined) {
      const fee = (await client.readContract({
        address,
        abi: contract.abi,
        functionName: "feePerValidator",
      })) as bigint;
      if (fee !== contract.feePerValidator) feeDiffers = fee;
    }
    existing.push({ planned: contract, address, ...(feeDiffers === undefined ? {} : { feeDiffers }) });
  }
  return { existing, toDeploy };
}

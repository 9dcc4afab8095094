import { basename } from "node:path";
import {
  type Address,
  encodeFunctionData,
  getContractAddress,
  keccak256,
  type PublicClient,
  parseAbi,
  stringToHex,
} from "viem";
import { rpc } from "./connect-chain.ts";
import { DeployCommandError } from "./deploy-command-error.ts";
import type { DeployOptions } from "./deploy-options.ts";
import { creationData, estimate, printPlan } from "./estimate-creation.ts";
import { findExistingContracts } from "./existing-contracts.ts";
import type { NetworkTarget } from "./network-target.ts";
import type { PlannedContract } from "./planned-contracts.ts";
import { recordAddresses } from "./record-addresses.ts";
import { writeSafeBatchFile } from "./safe-batch-file.ts";

/** Safe's CreateCall library: a Safe cannot CREATE itself, so the batch asks this library to. */
export const createCallAbi = parseAbi([
  "function performCreate2(uint256 value, bytes deploymentData, bytes32 salt) returns (address newContract)",
]);

interface SafeBatchInput {
  readonly options: DeployOptions;
  readonly target: NetworkTarget;
  readonly client: PublicClient;
  readonly planned: readonly PlannedContract[];
  readonly owner: Address;
  readonly safeFile: string;
}

/** A fixed salt per network, environment and contract, so the batch's addresses are known before it runs. */
function saltOf(options: DeployOptions, target: NetworkTarget, contract: PlannedContract) {
  return keccak256(stringToHex(`stake-app/${options.network}/${target.environment.id}/${contract.field}`));
}

/**
 * Writes a Safe Transaction Builder batch (version 1.0 format) that creates the missing contracts through
 * CreateCall.performCreate2, at addresses printed now. Run again after the Safe executed it: contracts found at
 * those addresses with our code and owner are written into the network file.
 */
export async function writeSafeBatch(input: SafeBatchInput, print: (line: string) => void): Promise<void> {
  const { options, target, client, planned, owner, safeFile } = input;
  const createCall = options.createCall;
  const library = await rpc(options.rpcUrl, "to read the CreateCall library", () =>
    client.getCode({ address: createCall }),
  );
  if (!library || library === "0x") {
    throw new DeployCommandError(
      `no Safe CreateCall library at ${createCall} on chain ${target.environment.chainId}; pass --create-call <address> of CreateCall on this chain`,
    );
  }
  const predicted = (contract: PlannedContract) =>
    getContractAddress({
      opcode: "CREATE2",
      from: createCall,
      salt: saltOf(options, target, contract),
      bytecode: creationData(contract),
    });
  const { existing, toDeploy } = await findExistingContracts(client, target, planned, owner, predicted);
  for (const { planned: contract, address } of existing)
    print(`${contract.name} already at ${address} (contracts.${contract.field}), kept`);
  const executed: Record<string, Address> = {};
  const pending: PlannedContract[] = [];
  for (const contract of toDeploy) {
    const address = predicted(contract);
    const code = await client.getCode({ address });
    if (code?.toLowerCase() !== contract.deployedBytecode.toLowerCase()) {
      pending.push(contract);
      continue;
    }
    const actualOwner = await client.readContract({ address, abi: contract.abi, functionName: "owner" });
    if (actualOwner !== owner)
      throw new DeployCommandError(`${contract.name} at ${address} is owned by ${actualOwner}, expected ${owner}`);
    executed[contract.field] = address;
    print(`${contract.name} found at ${address}, created by the Safe batch; code and owner read back`);
  }
  if (Object.keys(executed).length > 0 && !options.dryRun) {
    recordAddresses(target, executed);
    print(
      `${target.file}: wrote ${Object.keys(executed)
        .map((field) => `contracts.${field}`)
        .join(", ")} of ${target.environment.id}`,
    );
  }
  if (pending.length === 0) {
    print(`nothing to send: every contract of ${target.environment.id} exists; ${safeFile} not written`);
    return;
  }
  const transactions = [];
  for (const contract of pending) {
    const data = encodeFunctionData({
      abi: createCallAbi,
      functionName: "performCreate2",
      args: [0n, creationData(contract), saltOf(options, target, contract)],
    });
    transactions.push({ contract, data, gas: await estimate(client, contract, { from: owner, to: createCall, data }) });
  }
  const { maxFeePerGas } = await rpc(options.rpcUrl, "to give fees", () => client.estimateFeesPerGas());
  printPlan(target, transactions, maxFeePerGas, print);
  for (const { contract } of transactions) print(`${contract.name} will be at ${predicted(contract)}`);
  if (options.dryRun) {
    print(`dry run: ${safeFile} not written, ${target.file} unchanged`);
    return;
  }
  writeSafeBatchFile(safeFile, {
    chainId: target.environment.chainId,
    name: `Deploy ${pending.map((contract) => contract.name).join(" and ")} on ${target.environment.name}`,
    description: `Creates the contracts through CreateCall ${createCall}; then run npm run deploy again with the same options to record their addresses in ${basename(target.file)}.`,
    safe: owner,
    transactions: transactions.map(({ data }) => ({ to: createCall, value: "0", data })),
  });
  print(
    `${safeFile}: Safe Transaction Builder batch of ${transactions.length} transaction(s) for Safe ${owner}; nothing sent`,
  );
  print("after the Safe executed it, run this command again with the same options to record the addresses");
}

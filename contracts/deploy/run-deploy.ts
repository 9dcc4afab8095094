import {
  type Address,
  createWalletClient,
  formatUnits,
  getContractAddress,
  http,
  type PublicClient,
  publicActions,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { connectChain, rpc } from "./connect-chain.ts";
import { DeployCommandError } from "./deploy-command-error.ts";
import { DeploymentError, deployOne } from "./deploy-contract.ts";
import type { DeployOptions } from "./deploy-options.ts";
import { creationData, estimate, printPlan } from "./estimate-creation.ts";
import { type ExistingContract, findExistingContracts } from "./existing-contracts.ts";
import { findNetworkTarget, type NetworkTarget } from "./network-target.ts";
import { type PlannedContract, plannedContracts } from "./planned-contracts.ts";
import { recordAddresses } from "./record-addresses.ts";
import { redactUrl } from "./redact-url.ts";
import { writeSafeBatch } from "./safe-batch.ts";

function printExisting(target: NetworkTarget, existing: readonly ExistingContract[], print: (line: string) => void) {
  for (const { planned, address, feeDiffers } of existing) {
    print(`${planned.name} already at ${address} (contracts.${planned.field}): its code and owner match, kept`);
    if (feeDiffers !== undefined) {
      print(
        `  note: its fee per validator is ${formatUnits(feeDiffers, target.decimals)} ${target.symbol}, staking.serviceFee says ${formatUnits(planned.feePerValidator ?? 0n, target.decimals)}; the owner changes it with setFeePerValidator`,
      );
    }
  }
}

/** Reads back what a new contract holds: its owner and (EthStaking) fee must be what the deployment asked for. */
async function readBack(client: PublicClient, contract: PlannedContract, address: Address, owner: Address) {
  const actualOwner = await client.readContract({ address, abi: contract.abi, functionName: "owner" });
  if (actualOwner !== owner)
    throw new DeploymentError(contract.name, `${address} is owned by ${actualOwner}, expected ${owner}`);
  if (contract.feePerValidator === undefined) return;
  const fee = await client.readContract({ address, abi: contract.abi, functionName: "feePerValidator" });
  if (fee !== contract.feePerValidator) {
    throw new DeploymentError(
      contract.name,
      `${address} charges ${fee} wei per validator, expected ${contract.feePerValidator}`,
    );
  }
}

/** The deploy command: checks, then a dry run, a Safe batch, or the deployment and the network file update. */
export async function runDeploy(options: DeployOptions, print: (line: string) => void): Promise<void> {
  const target = findNetworkTarget(options.networksDir, options.network, options.subNetwork, options.environment);
  const { chain, client } = await connectChain(options, target);
  const account = options.privateKey ? privateKeyToAccount(options.privateKey) : undefined;
  const owner = (options.owner ?? account?.address) as Address;
  const planned = plannedContracts(target, owner, options);
  print(`${target.label}: ${target.environment.name}, chain id ${chain.id}, RPC ${redactUrl(options.rpcUrl)}`);
  if (options.safeFile !== undefined) {
    await writeSafeBatch({ options, target, client, planned, owner, safeFile: options.safeFile }, print);
    return;
  }
  if (!account) throw new DeployCommandError("DEPLOYER_PRIVATE_KEY is not set");
  print(`deployer ${account.address}, owner ${owner}`);
  const nonce = await rpc(options.rpcUrl, "to give the deployer's nonce", () =>
    client.getTransactionCount({ address: account.address, blockTag: "pending" }),
  );
  const predicted = (contract: PlannedContract) =>
    getContractAddress({ from: account.address, nonce: BigInt(nonce + planned.indexOf(contract)) });
  const { existing, toDeploy } = await findExistingContracts(client, target, planned, owner, predicted);
  printExisting(target, existing, print);
  if (toDeploy.length === 0) {
    print(
      `nothing to do: ${target.file} already names deployed contracts for ${target.environment.id}; nothing sent, file unchanged`,
    );
    return;
  }
  const transactions = [];
  for (const contract of toDeploy) {
    transactions.push({
      contract,
      gas: await estimate(client, contract, { from: account.address, data: creationData(contract) }),
    });
  }
  const { maxFeePerGas } = await rpc(options.rpcUrl, "to give fees", () => client.estimateFeesPerGas());
  const total = printPlan(target, transactions, maxFeePerGas, print);
  const balance = await rpc(options.rpcUrl, "to give the balance", () =>
    client.getBalance({ address: account.address }),
  );
  const funds = `deployer ${account.address} has ${formatUnits(balance, target.decimals)} ${target.symbol}, the deployment needs up to ${formatUnits(total, target.decimals)} ${target.symbol}`;
  if (options.dryRun) {
    print(`${funds}${balance < total ? " (not enough: fund it before the real run)" : ""}`);
    print(`dry run: nothing sent, ${target.file} unchanged`);
    return;
  }
  if (balance < total)
    throw new DeployCommandError(`no funds: ${funds} on chain ${chain.id}; send it ${target.symbol} and run again`);
  const wallet = createWalletClient({ account, chain, transport: http(options.rpcUrl.href, { retryCount: 0 }) }).extend(
    publicActions,
  );
  const written: Record<string, Address> = {};
  try {
    for (const contract of toDeploy) {
      const deployed = await deployOne(wallet, account, { ...contract, args: contract.args as never });
      await readBack(client, contract, deployed.address, owner);
      written[contract.field] = deployed.address;
      print(
        `${contract.name} deployed at ${deployed.address} (transaction ${deployed.transactionHash}, gas used ${deployed.gasUsed}); ${contract.feePerValidator === undefined ? "code and owner" : "code, owner and fee"} read back`,
      );
    }
  } finally {
    if (Object.keys(written).length > 0) {
      recordAddresses(target, written);
      print(
        `${target.file}: wrote ${Object.keys(written)
          .map((field) => `contracts.${field}`)
          .join(", ")} of ${target.environment.id}; run npm run codegen and commit the file`,
      );
    }
  }
}

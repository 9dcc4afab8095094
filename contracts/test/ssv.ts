import { randomBytes } from "node:crypto";
import {
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  type Hex,
  parseEventLogs,
  type TransactionReceipt,
  toHex,
} from "viem";
import { ssvNetworkAddress, ssvNetworkViewsAddress, ssvTokenAddress } from "../../devnet/addresses.ts";
import { installSsvNetwork } from "../../devnet/ssv/install-ssv.ts";
import { ssvNetworkAbi, ssvNetworkViewsAbi, ssvTokenAbi } from "../generated/index.ts";
import { startTestChain, type TestChain } from "./test-chain.ts";

/** The cluster struct as the contract takes and emits it. */
export interface Cluster {
  readonly validatorCount: number;
  readonly networkFeeIndex: bigint;
  readonly index: bigint;
  readonly active: boolean;
  readonly balance: bigint;
}

/** What a caller passes for a cluster that does not exist yet. */
export const emptyCluster: Cluster = { validatorCount: 0, networkFeeIndex: 0n, index: 0n, active: true, balance: 0n };

/** A fresh anvil with the devnet SSV network installed as the devnet installs it (owner: dev account 9). */
export async function startSsvChain(): Promise<TestChain & { readonly dao: Address }> {
  const chain = await startTestChain(31337);
  const dao = chain.accounts[9] as Address;
  await installSsvNetwork(chain.client, dao, chain.accounts);
  return { ...chain, dao };
}

/** A random 48-byte validator public key (the contract checks only its length and uniqueness). */
export const validatorKey = (): Hex => toHex(randomBytes(48));

/** Shares of the size the SSV keys tool writes for `operators` operators: signature, public and encrypted shares. */
export const sharesData = (operators: number): Hex => toHex(randomBytes(96 + operators * (48 + 256)));

type WriteName = ContractFunctionName<typeof ssvNetworkAbi, "nonpayable">;

/**
 * Simulates (so a revert surfaces with its custom error), sends and waits for an SSVNetwork call. The gas
 * limit gets the app's margin: anvil estimates at the latest block, where the operators' and network's
 * snapshots were just written, so the estimate misses the cost of moving them on a block.
 */
export async function ssvSend<const F extends WriteName>(
  chain: TestChain,
  account: Address,
  functionName: F,
  args: ContractFunctionArgs<typeof ssvNetworkAbi, "nonpayable", F>,
): Promise<TransactionReceipt> {
  const call = { account, address: ssvNetworkAddress, abi: ssvNetworkAbi, functionName, args } as never;
  await chain.client.simulateContract(call);
  const gas = await chain.client.estimateContractGas(call);
  const hash = await chain.client.writeContract({ ...(call as object), gas: (gas * 12n) / 10n } as never);
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`${functionName} reverted in ${receipt.transactionHash}`);
  return receipt;
}

/** Lets SSVNetwork take `amount` SSV from `account`. */
export async function approveSsv(chain: TestChain, account: Address, amount: bigint): Promise<void> {
  const hash = await chain.client.writeContract({
    account,
    address: ssvTokenAddress,
    abi: ssvTokenAbi,
    functionName: "approve",
    args: [ssvNetworkAddress, amount],
  });
  await chain.client.waitForTransactionReceipt({ hash });
}

export const ssvBalanceOf = (chain: TestChain, account: Address) =>
  chain.client.readContract({ address: ssvTokenAddress, abi: ssvTokenAbi, functionName: "balanceOf", args: [account] });

/** The SSVNetwork events of a receipt, decoded. */
export const ssvEvents = (receipt: TransactionReceipt) =>
  parseEventLogs({ abi: ssvNetworkAbi, logs: receipt.logs }).filter(
    (log) => log.address === ssvNetworkAddress.toLowerCase(),
  );

/** The cluster state the last cluster event of `receipt` carries: what the next call on the cluster takes. */
export function clusterAfter(receipt: TransactionReceipt): Cluster {
  const withCluster = ssvEvents(receipt).flatMap((log) => ("cluster" in log.args ? [log.args.cluster] : []));
  const cluster = withCluster.at(-1);
  if (!cluster) throw new Error(`no cluster event in ${receipt.transactionHash}`);
  return cluster;
}

/** Approves `amount` and registers one validator with the cluster on `operatorIds`; returns the receipt. */
export async function registerOne(
  chain: TestChain,
  owner: Address,
  operatorIds: readonly bigint[],
  amount: bigint,
  cluster: Cluster = emptyCluster,
  publicKey: Hex = validatorKey(),
): Promise<TransactionReceipt> {
  await approveSsv(chain, owner, amount);
  return ssvSend(chain, owner, "registerValidator", [
    publicKey,
    operatorIds,
    sharesData(operatorIds.length),
    amount,
    cluster,
  ]);
}

type ViewName = ContractFunctionName<typeof ssvNetworkViewsAbi, "view">;

/** Reads SSVNetworkViews, the separate read contract the app and server use. */
export function ssvView<const F extends ViewName>(
  chain: TestChain,
  functionName: F,
  args: ContractFunctionArgs<typeof ssvNetworkViewsAbi, "view", F>,
) {
  return chain.client.readContract({
    address: ssvNetworkViewsAddress,
    abi: ssvNetworkViewsAbi,
    functionName,
    args,
  } as never) as Promise<ContractFunctionReturnType<typeof ssvNetworkViewsAbi, "view", F>>;
}

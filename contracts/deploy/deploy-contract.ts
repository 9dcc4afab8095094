import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Client,
  type ContractConstructorArgs,
  encodeDeployData,
  getAddress,
  type Hash,
  type Hex,
  type Transport,
} from "viem";
import { call, deployContract, getCode, waitForTransactionReceipt } from "viem/actions";
import { revertReason } from "./revert-reason.ts";

/** A client that can send transactions and wait for them (a wallet client with public actions, or a devnet client). */
export type DeployClient = Client<Transport, Chain, Account | undefined>;

/** What a deployment left on chain, from its receipt. */
export interface DeployedContract {
  readonly name: string;
  readonly address: Address;
  readonly transactionHash: Hash;
  readonly gasUsed: bigint;
}

/** A deployment that did not leave the expected contract on chain. */
export class DeploymentError extends Error {
  constructor(
    readonly contractName: string,
    message: string,
  ) {
    super(`deploying ${contractName}: ${message}`);
    this.name = "DeploymentError";
  }
}

export interface ContractToDeploy<TAbi extends Abi> {
  readonly name: string;
  readonly abi: TAbi;
  readonly bytecode: Hex;
  /** Runtime bytecode the creation must leave at the new address (none of these contracts has immutables). */
  readonly deployedBytecode: Hex;
  readonly args: ContractConstructorArgs<TAbi>;
}

/**
 * Runs the creation as a call first, so a constructor that refuses the arguments is reported by its custom
 * error and nothing is sent. Then sends one contract-creation transaction from `deployer`, which runs the
 * constructor, waits for it, and reads the code back: the deployment counts only when the new address holds
 * exactly the compiled runtime bytecode.
 */
export async function deployOne<const TAbi extends Abi>(
  client: DeployClient,
  deployer: Account | Address,
  contract: ContractToDeploy<TAbi>,
): Promise<DeployedContract> {
  const data = encodeDeployData({ abi: contract.abi, bytecode: contract.bytecode, args: contract.args } as never);
  try {
    await call(client, { account: deployer, data });
  } catch (error) {
    const reason = revertReason(contract.abi, error);
    if (reason) throw new DeploymentError(contract.name, `its constructor refused the arguments with ${reason}`);
    throw error;
  }
  const hash = await deployContract(client, {
    account: deployer,
    chain: client.chain,
    abi: contract.abi,
    bytecode: contract.bytecode,
    args: contract.args,
  } as Parameters<typeof deployContract>[1]);
  const receipt = await waitForTransactionReceipt(client, { hash });
  if (receipt.status !== "success" || !receipt.contractAddress) {
    throw new DeploymentError(contract.name, `transaction ${hash} reverted (its constructor refused the arguments)`);
  }
  const code = await getCode(client, { address: receipt.contractAddress });
  if (code?.toLowerCase() !== contract.deployedBytecode.toLowerCase()) {
    throw new DeploymentError(
      contract.name,
      `${receipt.contractAddress} does not hold the compiled runtime bytecode after transaction ${hash}`,
    );
  }
  const address = getAddress(receipt.contractAddress);
  return { name: contract.name, address, transactionHash: hash, gasUsed: receipt.gasUsed };
}

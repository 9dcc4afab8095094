import { type Address, encodeAbiParameters, parseEther } from "viem";
import { setCode } from "viem/actions";
import { deployOne } from "../../contracts/deploy/deploy-contract.ts";
import {
  ssvNetworkAbi,
  ssvNetworkBytecode,
  ssvNetworkDeployedBytecode,
  ssvNetworkViewsAbi,
  ssvNetworkViewsBytecode,
  ssvNetworkViewsDeployedBytecode,
  ssvTokenAbi,
  ssvTokenDeployedBytecode,
} from "../../contracts/generated/index.ts";
import { ssvDeployerAddress, ssvNetworkAddress, ssvNetworkViewsAddress, ssvTokenAddress } from "../addresses.ts";
import type { DevnetClient } from "../devnet-client.ts";
import { type DevnetOperator, readDevnetOperators } from "./devnet-operators.ts";
import {
  SSV_LIQUIDATION_THRESHOLD_PERIOD,
  SSV_MAXIMUM_OPERATOR_FEE,
  SSV_MINIMUM_LIQUIDATION_COLLATERAL,
  SSV_NETWORK_FEE,
  SSV_PER_DEV_ACCOUNT,
} from "./ssv-network-parameters.ts";

/** The on-chain form of an operator's public key: the ABI encoding of its base64 PEM text (as SSV operators register). */
export function operatorPublicKeyBytes(publicKeyBase64: string) {
  return encodeAbiParameters([{ type: "string" }], [publicKeyBase64]);
}

/** Runs `send` as `account` (a keyless devnet address), giving it gas money first. */
async function asImpersonated(client: DevnetClient, account: Address, send: () => Promise<void>): Promise<void> {
  await client.setBalance({ address: account, value: parseEther("10") });
  await client.impersonateAccount({ address: account });
  try {
    await send();
  } finally {
    await client.stopImpersonatingAccount({ address: account });
  }
}

async function confirm(client: DevnetClient, what: string, hash: `0x${string}`): Promise<void> {
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`devnet: ${what} failed (transaction ${hash})`);
}

async function deployNetwork(client: DevnetClient, owner: Address): Promise<void> {
  const nonce = await client.getTransactionCount({ address: ssvDeployerAddress });
  if (nonce !== 0) throw new Error(`devnet: SSV deployer has sent ${nonce} transaction(s); the contracts would move`);
  await asImpersonated(client, ssvDeployerAddress, async () => {
    const network = await deployOne(client, ssvDeployerAddress, {
      name: "SSVNetwork",
      abi: ssvNetworkAbi,
      bytecode: ssvNetworkBytecode,
      deployedBytecode: ssvNetworkDeployedBytecode,
      args: [owner, ssvTokenAddress],
    });
    const views = await deployOne(client, ssvDeployerAddress, {
      name: "SSVNetworkViews",
      abi: ssvNetworkViewsAbi,
      bytecode: ssvNetworkViewsBytecode,
      deployedBytecode: ssvNetworkViewsDeployedBytecode,
      args: [network.address],
    });
    if (network.address !== ssvNetworkAddress || views.address !== ssvNetworkViewsAddress) {
      throw new Error(`devnet: SSVNetwork / SSVNetworkViews landed at ${network.address} / ${views.address}`);
    }
  });
}

async function setParameters(client: DevnetClient, owner: Address): Promise<void> {
  const calls = [
    ["updateNetworkFee", [SSV_NETWORK_FEE]],
    ["updateLiquidationThresholdPeriod", [SSV_LIQUIDATION_THRESHOLD_PERIOD]],
    ["updateMinimumLiquidationCollateral", [SSV_MINIMUM_LIQUIDATION_COLLATERAL]],
    ["updateMaximumOperatorFee", [SSV_MAXIMUM_OPERATOR_FEE]],
  ] as const;
  for (const [functionName, args] of calls) {
    const hash = await client.writeContract({
      account: owner,
      address: ssvNetworkAddress,
      abi: ssvNetworkAbi,
      functionName,
      args,
    } as Parameters<DevnetClient["writeContract"]>[0]);
    await confirm(client, `SSVNetwork.${functionName}`, hash);
  }
}

async function registerOperators(client: DevnetClient, operators: readonly DevnetOperator[]): Promise<void> {
  for (const operator of operators) {
    await asImpersonated(client, operator.owner, async () => {
      const hash = await client.writeContract({
        account: operator.owner,
        address: ssvNetworkAddress,
        abi: ssvNetworkAbi,
        functionName: "registerOperator",
        args: [operatorPublicKeyBytes(operator.publicKey), operator.fee, false],
      });
      await confirm(client, `registering SSV operator ${operator.id}`, hash);
    });
  }
}

/**
 * Installs the devnet SSV network: the SSV token (anvil_setCode), SSVNetwork owned by `owner` (the provider
 * account, standing in for the DAO) and SSVNetworkViews deployed from the keyless SSV deployer, the DAO
 * parameters, the 8 operators of devnet/ssv/devnet-operators.json registered by their owners (ids 1 to 8),
 * and 1,000 SSV minted for each dev account. Same addresses and state on every fresh chain.
 */
export async function installSsvNetwork(client: DevnetClient, owner: Address, accounts: readonly Address[]) {
  await setCode(client, { address: ssvTokenAddress, bytecode: ssvTokenDeployedBytecode });
  await deployNetwork(client, owner);
  await setParameters(client, owner);
  await registerOperators(client, readDevnetOperators());
  for (const account of accounts) {
    const hash = await client.writeContract({
      account: owner,
      address: ssvTokenAddress,
      abi: ssvTokenAbi,
      functionName: "mint",
      args: [account, SSV_PER_DEV_ACCOUNT],
    });
    await confirm(client, `minting SSV for ${account}`, hash);
  }
}

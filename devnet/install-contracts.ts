import { type Address, parseEther } from "viem";
import { setCode } from "viem/actions";
import {
  deployEthereumContracts,
  deployPoolContracts,
  type EthereumContractSettings,
  type PoolContractSettings,
} from "../contracts/deploy/deploy-contracts.ts";
import {
  consolidationRequestsDeployedBytecode,
  depositContractDeployedBytecode,
  withdrawalRequestsDeployedBytecode,
} from "../contracts/generated/index.ts";
import {
  consolidationRequestsAddress,
  delegationPoolAddress,
  depositContractAddress,
  ethereumDeployerAddress,
  ethStakingAddress,
  poolDeployerAddress,
  rewardsClaimAddress,
  withdrawalRequestsAddress,
} from "./addresses.ts";
import type { DevnetClient } from "./devnet-client.ts";

export type { EthereumContractSettings, PoolContractSettings };

/** Sends what `deploy` sends from the devnet's keyless `deployer`, which must not have sent anything before. */
async function asDeployer(client: DevnetClient, deployer: Address, deploy: () => Promise<void>): Promise<void> {
  const nonce = await client.getTransactionCount({ address: deployer });
  if (nonce !== 0) {
    throw new Error(`devnet: deployer ${deployer} has sent ${nonce} transaction(s); the contracts would move`);
  }
  await client.setBalance({ address: deployer, value: parseEther("10") });
  await client.impersonateAccount({ address: deployer });
  try {
    await deploy();
  } finally {
    await client.stopImpersonatingAccount({ address: deployer });
  }
}

function expectAt(name: string, actual: Address, expected: Address): void {
  if (actual !== expected) throw new Error(`devnet: ${name} was deployed at ${actual}, expected ${expected}`);
}

/**
 * Installs the canonical deposit contract and the EIP-7002 / EIP-7251 request contracts with anvil_setCode (on
 * mainnet and Hoodi they pre-exist at these addresses), then deploys the batch staking and rewards claim
 * contracts with the same deployment code a real network uses: transactions that run their constructors.
 */
export async function installEthereumContracts(client: DevnetClient, settings: EthereumContractSettings) {
  await setCode(client, { address: depositContractAddress, bytecode: depositContractDeployedBytecode });
  await setCode(client, { address: withdrawalRequestsAddress, bytecode: withdrawalRequestsDeployedBytecode });
  await setCode(client, { address: consolidationRequestsAddress, bytecode: consolidationRequestsDeployedBytecode });
  let deployed: Awaited<ReturnType<typeof deployEthereumContracts>> | undefined;
  await asDeployer(client, ethereumDeployerAddress, async () => {
    deployed = await deployEthereumContracts(client, ethereumDeployerAddress, settings);
  });
  if (!deployed) throw new Error("devnet: the Ethereum contracts were not deployed");
  expectAt("EthStaking", deployed.ethStaking.address, ethStakingAddress);
  expectAt("RewardsClaim", deployed.rewardsClaim.address, rewardsClaimAddress);
  return deployed;
}

/** Deploys the delegation pool with its settings through a constructor-running transaction. */
export async function installPoolContracts(client: DevnetClient, settings: PoolContractSettings) {
  let deployed: Awaited<ReturnType<typeof deployPoolContracts>> | undefined;
  await asDeployer(client, poolDeployerAddress, async () => {
    deployed = await deployPoolContracts(client, poolDeployerAddress, settings);
  });
  if (!deployed) throw new Error("devnet: the pool contract was not deployed");
  expectAt("DelegationPool", deployed.delegationPool.address, delegationPoolAddress);
  return deployed;
}

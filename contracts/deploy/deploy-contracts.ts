import type { Account, Address } from "viem";
import {
  delegationPoolAbi,
  delegationPoolBytecode,
  delegationPoolDeployedBytecode,
  ethStakingAbi,
  ethStakingBytecode,
  ethStakingDeployedBytecode,
  rewardsClaimAbi,
  rewardsClaimBytecode,
  rewardsClaimDeployedBytecode,
} from "../generated/index.ts";
import { type DeployClient, type DeployedContract, deployOne } from "./deploy-contract.ts";

export interface EthereumContractSettings {
  /** Changes the fee and the pause, withdraws the fees and allocates rewards (a multisig on a real network). */
  readonly owner: Address;
  /** Service fee per validator, in wei. */
  readonly feePerValidator: bigint;
}

export interface PoolContractSettings {
  /** Changes the lock period and the pause. */
  readonly owner: Address;
  /** Wei per vote (Conflux: 1000 CFX). */
  readonly voteUnit: bigint;
  /** Seconds staked votes stay locking and unstaked votes stay unlocking. */
  readonly lockPeriod: number;
  /** Yearly interest in basis points (1000 = 10%). */
  readonly aprBasisPoints: number;
  readonly poolName: string;
}

/**
 * Deploys the batch staking contract, then the rewards claim contract, from `deployer` (two transactions, in
 * this order, so a deployer starting at nonce n puts them at the CREATE addresses of n and n + 1).
 */
export async function deployEthereumContracts(
  client: DeployClient,
  deployer: Account | Address,
  settings: EthereumContractSettings,
): Promise<{ readonly ethStaking: DeployedContract; readonly rewardsClaim: DeployedContract }> {
  const ethStaking = await deployOne(client, deployer, {
    name: "EthStaking",
    abi: ethStakingAbi,
    bytecode: ethStakingBytecode,
    deployedBytecode: ethStakingDeployedBytecode,
    args: [settings.owner, settings.feePerValidator],
  });
  const rewardsClaim = await deployOne(client, deployer, {
    name: "RewardsClaim",
    abi: rewardsClaimAbi,
    bytecode: rewardsClaimBytecode,
    deployedBytecode: rewardsClaimDeployedBytecode,
    args: [settings.owner],
  });
  return { ethStaking, rewardsClaim };
}

/** Deploys the delegation pool from `deployer` (one transaction). */
export async function deployPoolContracts(
  client: DeployClient,
  deployer: Account | Address,
  settings: PoolContractSettings,
): Promise<{ readonly delegationPool: DeployedContract }> {
  const delegationPool = await deployOne(client, deployer, {
    name: "DelegationPool",
    abi: delegationPoolAbi,
    bytecode: delegationPoolBytecode,
    deployedBytecode: delegationPoolDeployedBytecode,
    args: [settings.owner, settings.voteUnit, BigInt(settings.lockPeriod), settings.aprBasisPoints, settings.poolName],
  });
  return { delegationPool };
}

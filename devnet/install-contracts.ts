import type { Address, TestClient } from "viem";
import { setCode } from "viem/actions";
import {
  consolidationRequestsDeployedBytecode,
  delegationPoolDeployedBytecode,
  delegationPoolStorage,
  depositContractDeployedBytecode,
  ethStakingDeployedBytecode,
  ethStakingStorage,
  rewardsClaimDeployedBytecode,
  withdrawalRequestsDeployedBytecode,
} from "../contracts/generated/index.ts";
import {
  consolidationRequestsAddress,
  delegationPoolAddress,
  depositContractAddress,
  ethStakingAddress,
  rewardsClaimAddress,
  withdrawalRequestsAddress,
} from "./addresses.ts";
import { writeStorage } from "./write-storage.ts";

export interface EthereumContractSettings {
  /** Receives the batch staking contract's service fees. */
  readonly owner: Address;
  /** Service fee per validator, in wei. */
  readonly feePerValidator: bigint;
}

export interface PoolContractSettings {
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
 * Installs the deposit contract, the EIP-7002 and EIP-7251 request contracts (canonical addresses), the batch
 * staking contract and the rewards claim contract with anvil_setCode, then writes the staking contract's
 * settings into storage. Same bytecode, same addresses, same state on every fresh chain.
 */
export async function installEthereumContracts(client: TestClient, settings: EthereumContractSettings): Promise<void> {
  await setCode(client, { address: depositContractAddress, bytecode: depositContractDeployedBytecode });
  await setCode(client, { address: withdrawalRequestsAddress, bytecode: withdrawalRequestsDeployedBytecode });
  await setCode(client, { address: consolidationRequestsAddress, bytecode: consolidationRequestsDeployedBytecode });
  await setCode(client, { address: ethStakingAddress, bytecode: ethStakingDeployedBytecode });
  await setCode(client, { address: rewardsClaimAddress, bytecode: rewardsClaimDeployedBytecode });
  await writeStorage(client, ethStakingAddress, ethStakingStorage, {
    owner: settings.owner,
    feePerValidator: settings.feePerValidator,
  });
}

/** Installs the delegation pool and writes its settings (unit per vote, lock period, rate, name, owner). */
export async function installPoolContracts(client: TestClient, settings: PoolContractSettings): Promise<void> {
  await setCode(client, { address: delegationPoolAddress, bytecode: delegationPoolDeployedBytecode });
  await writeStorage(client, delegationPoolAddress, delegationPoolStorage, {
    owner: settings.owner,
    voteUnit: settings.voteUnit,
    lockPeriod: settings.lockPeriod,
    aprBasisPoints: settings.aprBasisPoints,
    poolName: settings.poolName,
  });
}

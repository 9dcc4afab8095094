import { type Abi, type Address, formatUnits, type Hex, parseUnits } from "viem";
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
import type { DeployOptions } from "./deploy-options.ts";
import type { NetworkTarget } from "./network-target.ts";

/** One contract the network's environment needs, with the constructor arguments this deployment gives it. */
export interface PlannedContract {
  readonly name: string;
  /** Its field under the environment's `contracts`. */
  readonly field: string;
  readonly abi: Abi;
  readonly bytecode: Hex;
  readonly deployedBytecode: Hex;
  readonly args: readonly unknown[];
  /** The constructor arguments as printed, e.g. ["owner 0x…", "feePerValidator 0.05 ETH (50000000000000000 wei)"]. */
  readonly argsText: readonly string[];
  /** The fee per validator the contract must hold (EthStaking only). */
  readonly feePerValidator?: bigint;
}

function amount(target: NetworkTarget, wei: bigint): string {
  return `${formatUnits(wei, target.decimals)} ${target.symbol} (${wei} wei)`;
}

/** EthStaking and RewardsClaim for ethereum-beacon; DelegationPool for delegation-pool. */
export function plannedContracts(target: NetworkTarget, owner: Address, options: DeployOptions): PlannedContract[] {
  if (target.family === "ethereum-beacon") {
    const fee = parseUnits(String(target.staking.serviceFee ?? "0"), target.decimals);
    return [
      {
        name: "EthStaking",
        field: "ethStaking",
        abi: ethStakingAbi,
        bytecode: ethStakingBytecode,
        deployedBytecode: ethStakingDeployedBytecode,
        args: [owner, fee],
        argsText: [`owner ${owner}`, `feePerValidator ${amount(target, fee)}, from staking.serviceFee`],
        feePerValidator: fee,
      },
      {
        name: "RewardsClaim",
        field: "claim",
        abi: rewardsClaimAbi,
        bytecode: rewardsClaimBytecode,
        deployedBytecode: rewardsClaimDeployedBytecode,
        args: [owner],
        argsText: [`owner ${owner}`],
      },
    ];
  }
  const voteUnit = parseUnits(String(target.staking.minimum ?? "1000"), target.decimals);
  const poolName = options.poolName ?? `${target.name} PoS Pool`;
  return [
    {
      name: "DelegationPool",
      field: "stakingPool",
      abi: delegationPoolAbi,
      bytecode: delegationPoolBytecode,
      deployedBytecode: delegationPoolDeployedBytecode,
      args: [owner, voteUnit, BigInt(options.poolLockSeconds), options.poolAprBasisPoints, poolName],
      argsText: [
        `owner ${owner}`,
        `voteUnit ${amount(target, voteUnit)}, from staking.minimum`,
        `lockPeriod ${options.poolLockSeconds} s`,
        `aprBasisPoints ${options.poolAprBasisPoints}`,
        `name "${poolName}"`,
      ],
    },
  ];
}

import type { Address, PublicClient } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";

/** The pool's settings and totals, as its contract reports them. Amounts in wei. */
export interface PoolState {
  readonly name: string;
  /** Wei per whole vote the pool stakes on its PoS side (Conflux PoS: 1000 CFX). */
  readonly voteUnitWei: bigint;
  /** The smallest stake the pool takes (its dust floor, MINIMUM_STAKE). */
  readonly minimumStakeWei: bigint;
  /** Seconds a stake locks before it can be unstaked, and an unstake before it can be withdrawn. */
  readonly lockPeriodSeconds: bigint;
  /** Annual rate the pool's whole votes earn, in basis points (1000 = 10%). */
  readonly aprBasisPoints: number;
  /** Staked and not unstaked, all users. */
  readonly stakedWei: bigint;
  /** Whole votes the pool stakes: floor(stakedWei / voteUnitWei). */
  readonly votes: bigint;
  /** Interest the pool holds beyond users' stake. */
  readonly interestReserveWei: bigint;
  /** Interest claimed by all users so far. */
  readonly interestPaidWei: bigint;
}

/** An amount waiting in a queue, and when (unix seconds) it leaves it. */
export interface QueuedAmount {
  readonly amountWei: bigint;
  readonly endsAt: bigint;
}

/** One account's position in the pool, in wei. */
export interface PoolPosition {
  /** Everything the account has in the pool (locking, locked, unlocking and unlocked). */
  readonly totalWei: bigint;
  /** Staked and not unstaked (locking + locked): this earns interest. */
  readonly availableWei: bigint;
  /** Past the lock period: can be unstaked. */
  readonly lockedWei: bigint;
  /** Unstaked and past the lock period: can be withdrawn. */
  readonly unlockedWei: bigint;
  readonly claimedInterestWei: bigint;
  readonly currentInterestWei: bigint;
  /** Staked amounts still locking. */
  readonly locking: readonly QueuedAmount[];
  /** Unstaked amounts not withdrawn yet (unlocking, and unlocked ones whose time has passed). */
  readonly unlocking: readonly QueuedAmount[];
}

export async function readPoolState(client: PublicClient, pool: Address): Promise<PoolState> {
  const contract = { address: pool, abi: delegationPoolAbi } as const;
  const [name, voteUnitWei, minimumStakeWei, lockPeriodSeconds, aprBasisPoints, summary] = await Promise.all([
    client.readContract({ ...contract, functionName: "poolName" }),
    client.readContract({ ...contract, functionName: "voteUnit" }),
    client.readContract({ ...contract, functionName: "MINIMUM_STAKE" }),
    client.readContract({ ...contract, functionName: "_poolLockPeriod" }),
    client.readContract({ ...contract, functionName: "poolAPY" }),
    client.readContract({ ...contract, functionName: "poolSummary" }),
  ]);
  return {
    name,
    voteUnitWei,
    minimumStakeWei,
    lockPeriodSeconds,
    aprBasisPoints,
    stakedWei: summary.staked,
    votes: summary.votes,
    interestReserveWei: summary.interest,
    interestPaidWei: summary.totalInterest,
  };
}

/**
 * The yearly rate every staked wei earns now, in basis points: the pool earns its rate on its whole votes only,
 * shared over all its stake (aprBasisPoints × votes × voteUnit / staked), as the contract accrues it. Undefined
 * while nothing is staked: what a first stake earns then depends on its amount (nothing below one vote).
 */
export function earningRateBasisPoints(state: PoolState): number | undefined {
  if (state.stakedWei === 0n) return undefined;
  // Hundredths of a basis point, rounded down, so the figure shown never overstates what accrues.
  const scaled = (BigInt(state.aprBasisPoints) * state.votes * state.voteUnitWei * 100n) / state.stakedWei;
  return Number(scaled) / 100;
}

const queued = (nodes: readonly { amount: bigint; endTime: bigint }[]): QueuedAmount[] =>
  nodes.map((node) => ({ amountWei: node.amount, endsAt: node.endTime }));

export async function readPoolPosition(client: PublicClient, pool: Address, account: Address): Promise<PoolPosition> {
  const contract = { address: pool, abi: delegationPoolAbi } as const;
  const [summary, locking, unlocking] = await Promise.all([
    client.readContract({ ...contract, functionName: "userSummary", args: [account] }),
    client.readContract({ ...contract, functionName: "userInQueue", args: [account] }),
    client.readContract({ ...contract, functionName: "userOutQueue", args: [account] }),
  ]);
  return {
    totalWei: summary.total,
    availableWei: summary.available,
    lockedWei: summary.locked,
    unlockedWei: summary.unlocked,
    claimedInterestWei: summary.claimedInterest,
    currentInterestWei: summary.currentInterest,
    locking: queued(locking),
    unlocking: queued(unlocking),
  };
}

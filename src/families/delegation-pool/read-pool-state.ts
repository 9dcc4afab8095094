import type { Address, PublicClient } from "viem";
import { delegationPoolAbi } from "../../../contracts/generated/index.ts";

/** The pool's settings and totals, as its contract reports them. */
export interface PoolState {
  readonly name: string;
  /** Wei per vote (Conflux PoS: 1000 CFX). */
  readonly voteUnitWei: bigint;
  /** Seconds a stake locks before it can be unstaked, and an unstake before it can be withdrawn. */
  readonly lockPeriodSeconds: bigint;
  /** Annual rate in basis points (1000 = 10%). */
  readonly aprBasisPoints: number;
  /** Votes staked and not unstaked, all users. */
  readonly availableVotes: bigint;
  /** Interest the pool holds beyond staked principal, in wei. */
  readonly interestReserveWei: bigint;
  /** Interest claimed by all users so far, in wei. */
  readonly interestPaidWei: bigint;
}

/** A batch of votes waiting in a queue, and when (unix seconds) it leaves it. */
export interface QueuedVotes {
  readonly votes: bigint;
  readonly endsAt: bigint;
}

/** One account's position in the pool. Votes are counts; interest is in wei. */
export interface PoolPosition {
  /** Every vote the account has in the pool (locking, locked, unlocking and unlocked). */
  readonly votes: bigint;
  /** Staked and not unstaked (locking + locked): these earn interest. */
  readonly available: bigint;
  /** Past the lock period: can be unstaked. */
  readonly locked: bigint;
  /** Unstaked and past the lock period: can be withdrawn. */
  readonly unlocked: bigint;
  readonly claimedInterestWei: bigint;
  readonly currentInterestWei: bigint;
  /** Staked votes still locking. */
  readonly locking: readonly QueuedVotes[];
  /** Unstaked votes not withdrawn yet (unlocking, and unlocked ones whose time has passed). */
  readonly unlocking: readonly QueuedVotes[];
}

export async function readPoolState(client: PublicClient, pool: Address): Promise<PoolState> {
  const contract = { address: pool, abi: delegationPoolAbi } as const;
  const [name, voteUnitWei, lockPeriodSeconds, aprBasisPoints, summary] = await Promise.all([
    client.readContract({ ...contract, functionName: "poolName" }),
    client.readContract({ ...contract, functionName: "voteUnit" }),
    client.readContract({ ...contract, functionName: "_poolLockPeriod" }),
    client.readContract({ ...contract, functionName: "poolAPY" }),
    client.readContract({ ...contract, functionName: "poolSummary" }),
  ]);
  return {
    name,
    voteUnitWei,
    lockPeriodSeconds,
    aprBasisPoints,
    availableVotes: summary.available,
    interestReserveWei: summary.interest,
    interestPaidWei: summary.totalInterest,
  };
}

const queued = (nodes: readonly { votePower: bigint; endTime: bigint }[]): QueuedVotes[] =>
  nodes.map((node) => ({ votes: node.votePower, endsAt: node.endTime }));

export async function readPoolPosition(client: PublicClient, pool: Address, account: Address): Promise<PoolPosition> {
  const contract = { address: pool, abi: delegationPoolAbi } as const;
  const [summary, locking, unlocking] = await Promise.all([
    client.readContract({ ...contract, functionName: "userSummary", args: [account] }),
    client.readContract({ ...contract, functionName: "userInQueue", args: [account] }),
    client.readContract({ ...contract, functionName: "userOutQueue", args: [account] }),
  ]);
  return {
    votes: summary.votes,
    available: summary.available,
    locked: summary.locked,
    unlocked: summary.unlocked,
    claimedInterestWei: summary.claimedInterest,
    currentInterestWei: summary.currentInterest,
    locking: queued(locking),
    unlocking: queued(unlocking),
  };
}

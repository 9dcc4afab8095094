import { AppError } from "../../core/app-error.ts";

/** An amount that is not a whole number of the pool's votes; the pool only accepts whole votes. */
export class NotWholeVotesError extends AppError {
  constructor(amountWei: bigint, voteUnitWei: bigint) {
    super("pool.errors.notWholeVotes", { details: `${amountWei} wei is not a multiple of ${voteUnitWei} wei` });
    this.name = "NotWholeVotesError";
  }
}

/**
 * The number of votes an amount buys in a pool that counts stake in votes of `voteUnitWei` (Conflux PoS:
 * 1000 CFX); a pool without a vote unit (voteUnitWei 1) counts wei. Throws unless the amount is whole votes.
 */
export function votesForAmount(amountWei: bigint, voteUnitWei: bigint): bigint {
  if (voteUnitWei <= 0n) throw new RangeError("the pool's vote unit must be positive");
  if (amountWei <= 0n || amountWei % voteUnitWei !== 0n) throw new NotWholeVotesError(amountWei, voteUnitWei);
  return amountWei / voteUnitWei;
}

/** The largest uint64, the pools' type for a vote count. */
export const MAX_VOTES = 2n ** 64n - 1n;

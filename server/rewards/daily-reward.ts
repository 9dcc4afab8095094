/**
 * One validator's running totals at a moment, in gwei: what its balance holds, what was credited to it and
 * what it paid out (with the principal parts of partial withdrawals and of exits).
 */
export interface ValidatorTotals {
  readonly balanceGwei: bigint;
  readonly depositedGwei: bigint;
  readonly withdrawnGwei: bigint;
  readonly withdrawnPrincipalGwei: bigint;
  readonly exitedPrincipalGwei: bigint;
}

export const NO_TOTALS: ValidatorTotals = {
  balanceGwei: 0n,
  depositedGwei: 0n,
  withdrawnGwei: 0n,
  withdrawnPrincipalGwei: 0n,
  exitedPrincipalGwei: 0n,
};

/** A validator's movements between two moments and what it earned in between. */
export interface DailyMovement {
  readonly balanceStartGwei: bigint;
  readonly balanceEndGwei: bigint;
  readonly depositsGwei: bigint;
  readonly withdrawalsGwei: bigint;
  readonly withdrawnPrincipalGwei: bigint;
  readonly exitedPrincipalGwei: bigint;
  /** balance_end - balance_start + withdrawals - deposits: negative only for penalties. */
  readonly rewardGwei: bigint;
}

/**
 * The one accounting rule of the rewards: a reward over a period is the change of balance plus the
 * withdrawals minus the deposits (top-ups too) of that period. A deposit raises the balance by what it adds,
 * so earns nothing; a withdrawal lowers it by what it pays, so loses nothing, whether it pays rewards (a sweep
 * of excess) or principal (a requested partial withdrawal, an exit).
 */
export function dailyMovement(before: ValidatorTotals, after: ValidatorTotals): DailyMovement {
  const depositsGwei = after.depositedGwei - before.depositedGwei;
  const withdrawalsGwei = after.withdrawnGwei - before.withdrawnGwei;
  return {
    balanceStartGwei: before.balanceGwei,
    balanceEndGwei: after.balanceGwei,
    depositsGwei,
    withdrawalsGwei,
    withdrawnPrincipalGwei: after.withdrawnPrincipalGwei - before.withdrawnPrincipalGwei,
    exitedPrincipalGwei: after.exitedPrincipalGwei - before.exitedPrincipalGwei,
    rewardGwei: after.balanceGwei - before.balanceGwei + withdrawalsGwei - depositsGwei,
  };
}

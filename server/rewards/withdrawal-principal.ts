/** Consensus-spec balances in gwei. */
export const MIN_ACTIVATION_BALANCE_GWEI = 32_000_000_000n;
export const MAX_EFFECTIVE_BALANCE_ELECTRA_GWEI = 2_048_000_000_000n;

export interface WithdrawalToSplit {
  readonly amountGwei: bigint;
  /** An exit's payout: the whole balance leaves. */
  readonly full: boolean;
  /** Principal still staked before it: deposits credited minus the principal of earlier withdrawals. */
  readonly principalGwei: bigint;
  /** 0x02 (compounding) withdrawal credentials. */
  readonly compounding: boolean;
  readonly effectiveBalanceGwei: bigint;
}

/**
 * The part of a withdrawal that is principal; the rest is rewards paid out. Whatever the split, the reward of
 * the period is balance change + withdrawals - deposits: the split only says which money left.
 *
 * A withdrawal takes principal only beyond what the validator keeps staking after it: nothing after an exit
 * (all remaining principal leaves), 32 ETH (MIN_ACTIVATION_BALANCE) after a partial one, or 2048 ETH for a
 * 0x02 validator at that maximum effective balance (whose sweep takes only the excess above it). So the sweep
 * of a 0x01 validator's excess above 32 ETH is rewards, unless more than 32 ETH was deposited (a top-up above
 * the maximum comes back as principal), and an EIP-7002 partial withdrawal from a 0x02 validator is principal
 * as far as more than 32 ETH was deposited, then rewards (those it compounded).
 */
export function withdrawalPrincipal(withdrawal: WithdrawalToSplit): bigint {
  const stays = withdrawal.full
    ? 0n
    : withdrawal.compounding && withdrawal.effectiveBalanceGwei >= MAX_EFFECTIVE_BALANCE_ELECTRA_GWEI
      ? MAX_EFFECTIVE_BALANCE_ELECTRA_GWEI
      : MIN_ACTIVATION_BALANCE_GWEI;
  const available = withdrawal.principalGwei - stays;
  if (available <= 0n) return 0n;
  return available < withdrawal.amountGwei ? available : withdrawal.amountGwei;
}

/**
 * The network fee a whole-balance ("Max") stake keeps back: the call's gas estimate plus `gasMarginPercent`,
 * at `feeMultiplier` times the current highest fee per gas, so fees may rise before the wallet sends it.
 */
export function feeReserve(
  gasEstimate: bigint,
  maxFeePerGas: bigint,
  gasMarginPercent: bigint,
  feeMultiplier = 2n,
): bigint {
  const gas = gasEstimate + (gasEstimate * gasMarginPercent) / 100n;
  return gas * maxFeePerGas * feeMultiplier;
}

/** The largest amount of whole `unit`s that leaves `reserve` of `balance` for the fee (0 when none fits). */
export function maxAfterReserve(balance: bigint, reserve: bigint, unit: bigint): bigint {
  if (unit <= 0n) throw new RangeError("the unit must be positive");
  const spendable = balance - reserve;
  return spendable <= 0n ? 0n : (spendable / unit) * unit;
}

export type BalanceProblem =
  | { readonly key: "amount.errors.aboveBalance" }
  | { readonly key: "amount.errors.noRoomForFee" };

/**
 * Refuses an amount the wallet cannot pay before anything is sent: above the balance, or leaving less than
 * `reserve` (the fee estimate, when known) for the network fee. All values in the coin's base units.
 */
export function checkAgainstBalance(amount: bigint, balance: bigint, reserve?: bigint): BalanceProblem | undefined {
  if (amount > balance) return { key: "amount.errors.aboveBalance" };
  if (reserve !== undefined && amount + reserve > balance) return { key: "amount.errors.noRoomForFee" };
  return undefined;
}

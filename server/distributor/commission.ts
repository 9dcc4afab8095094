/** staking.executionCommission ("10", "7.5", "0.25": percent, at most two decimals) in basis points. */
export function commissionBasisPoints(percent: string): bigint {
  const [whole = "0", fraction = ""] = percent.split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
}

/**
 * The first part of the query key of every read from one chain. Invalidating it after a transaction on that
 * chain reads its balances, fees and contract figures again.
 */
export function chainQueryKey(chainId: number) {
  return ["chain", chainId] as const;
}

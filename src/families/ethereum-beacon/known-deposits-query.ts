import { type Query, queryOptions, skipToken } from "@tanstack/react-query";
import { fetchKnownDeposits, type KnownDeposit } from "./fetch-known-deposits.ts";
import type { StakeScope } from "./sent-stakes.ts";

/** How often the staking server is asked for a stake that may have been sent, and for how long. */
export const FIND_SENT_DEPOSITS_EVERY_MS = 3_000;
export const FIND_SENT_DEPOSITS_FOR_MS = 10 * 60_000;

/** The first known deposit with a recorded transaction, if any. */
export const sentDeposit = (known: ReadonlyMap<string, KnownDeposit> | undefined) =>
  known && [...known.values()].find((entry) => entry.txHash !== undefined);

/**
 * The deposits the staking server knows for `pubkeys` (GET /deposits/known), asked again every 3 s from
 * `since` (ms since epoch) until one has its transaction or 10 minutes have passed. A failed answer is asked
 * again at the next tick, never retried sooner. Nothing is asked while `pubkeys` is undefined or empty.
 */
export function sentDepositsQueryOptions(scope: StakeScope, pubkeys: readonly string[] | undefined, since: number) {
  return queryOptions({
    queryKey: ["known-deposits", scope.network, scope.environment, ...(pubkeys ?? [])] as const,
    retry: false,
    refetchInterval: (
      query: Query<ReadonlyMap<string, KnownDeposit>, Error, ReadonlyMap<string, KnownDeposit>, readonly unknown[]>,
    ) =>
      sentDeposit(query.state.data) || Date.now() - since >= FIND_SENT_DEPOSITS_FOR_MS
        ? false
        : FIND_SENT_DEPOSITS_EVERY_MS,
    queryFn:
      pubkeys && pubkeys.length > 0 ? ({ signal }) => fetchKnownDeposits({ ...scope, pubkeys, signal }) : skipToken,
  });
}

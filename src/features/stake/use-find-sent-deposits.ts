import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { sentDeposit, sentDepositsQueryOptions } from "../../families/ethereum-beacon/known-deposits-query.ts";
import { type StakeScope, sentStakes } from "../../families/ethereum-beacon/sent-stakes.ts";

/**
 * While `active` (a stake that may have been sent after a wallet error), asks the staking server every few
 * seconds whether it has seen deposits to `pubkeys` (a refetchInterval); once it has, this browser's record gets
 * the transaction and its status, and the refusal names it.
 */
export function useFindSentDeposits(scope: StakeScope, pubkeys: readonly string[], active: boolean): void {
  // The 10 minutes count from when the search starts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (scope, keys or start) restarts the clock
  const since = useMemo(() => Date.now(), [scope, pubkeys, active]);
  const { data } = useQuery(sentDepositsQueryOptions(scope, active ? pubkeys : undefined, since));
  const deposit = active ? sentDeposit(data) : undefined;
  useEffect(() => {
    if (!deposit?.txHash) return;
    const txHash = deposit.txHash as `0x${string}`;
    sentStakes.settle(scope, pubkeys, { status: deposit.pending ? "broadcast" : "confirmed", txHash });
  }, [deposit, scope, pubkeys]);
}

import { useMemo } from "react";
import { type SentStake, type StakeScope, sentStakes } from "../../families/ethereum-beacon/sent-stakes.ts";
import { useStore } from "../../lib/store/use-store.ts";

/**
 * The stake of this browser (any tab) that sent, may have sent or saw confirmed any of `pubkeys`, as it
 * changes: a review showing those validators switches to the refusal the moment another tab's wallet answers
 * (a stake still being signed elsewhere is refused when Confirm is pressed instead, since it may be declined).
 */
export function useSentStakeConflict(scope: StakeScope, pubkeys: readonly string[]): SentStake | undefined {
  const records = useStore(sentStakes);
  return useMemo(() => {
    const keys = new Set(pubkeys.map((key) => key.toLowerCase()));
    return records.find(
      (record) =>
        record.status !== "signing" &&
        record.network === scope.network &&
        record.environment === scope.environment &&
        record.pubkeys.some((key) => keys.has(key)),
    );
  }, [records, scope, pubkeys]);
}

import { useEffect } from "react";
import { fetchKnownDeposits } from "../../families/ethereum-beacon/fetch-known-deposits.ts";
import { type StakeScope, sentStakes } from "../../families/ethereum-beacon/sent-stakes.ts";

/** How often the staking server is asked for a stake that may have been sent, and for how long. */
const FIND_SENT_DEPOSITS_EVERY_MS = 3_000;
const FIND_SENT_DEPOSITS_FOR_MS = 10 * 60_000;

/**
 * While `active` (a stake that may have been sent after a wallet error), asks the staking server every few
 * seconds whether it has seen deposits to `pubkeys`; once it has, this browser's record gets the transaction
 * and its status, and the refusal names it.
 */
export function useFindSentDeposits(scope: StakeScope, pubkeys: readonly string[], active: boolean): void {
  useEffect(() => {
    if (!active || pubkeys.length === 0) return;
    const stop = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      const known = await fetchKnownDeposits({ ...scope, pubkeys, signal: stop.signal }).catch(() => undefined);
      const deposit = known && [...known.values()].find((entry) => entry.txHash !== undefined);
      if (deposit?.txHash) {
        const txHash = deposit.txHash as `0x${string}`;
        sentStakes.settle(scope, pubkeys, { status: deposit.pending ? "broadcast" : "confirmed", txHash });
        return;
      }
      if (!stop.signal.aborted && Date.now() - started < FIND_SENT_DEPOSITS_FOR_MS)
        timer = setTimeout(() => void look(), FIND_SENT_DEPOSITS_EVERY_MS);
    };
    void look();
    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, [scope, pubkeys, active]);
}

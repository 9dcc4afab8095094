import type { PendingTransaction } from "../../lib/transactions/pending-transactions.ts";

/**
 * Transactions this browser sent for `owner` on `chainId` that the backend's operations do not list yet
 * (`seenHashes`): just sent, or not yet indexed, or failed and so never to be. Newest first.
 */
export function unseenTransactions(
  all: readonly PendingTransaction[],
  scope: { readonly owner: string; readonly chainId: number; readonly seenHashes: ReadonlySet<string> },
): PendingTransaction[] {
  const owner = scope.owner.toLowerCase();
  return all
    .filter(
      (entry) =>
        entry.chainId === scope.chainId &&
        entry.from === owner &&
        !scope.seenHashes.has(entry.hash.toLowerCase()) &&
        !(entry.replacement && scope.seenHashes.has(entry.replacement.toLowerCase())),
    )
    .sort((a, b) => b.sentAt - a.sentAt);
}

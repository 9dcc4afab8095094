import type { Transaction } from "../../core/api/blockchain-api.ts";

const isSpam = (transfer: Transaction["transfers"][number]) => transfer.nft_info?.flags?.is_spam === true;

/**
 * Spec section 5: only transactions of the active chain are shown, and transactions whose transfers are all
 * flagged spam are dropped (a transaction without transfers, such as a contract call, stays).
 */
export function visibleTransactions(transactions: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return transactions.filter(
    (transaction) =>
      transaction.metadata.chain === caipNetworkId &&
      !(transaction.transfers.length > 0 && transaction.transfers.every(isSpam)),
  );
}

import type { Transaction } from "../../core/api/blockchain-api.ts";

/**
 * Who the account dealt with in a transaction, as Activity names them: for a send, the recipient of what it
 * sent (an ERC-20 transfer's `to`, not the token contract the transaction called); for a receive, the sender
 * of what came in; for any other call, the contract called. Without transfer parties (an older server), the
 * transaction's own from and to.
 */
export function transactionCounterpart(transaction: Transaction): string | undefined {
  const { metadata, transfers } = transaction;
  if (metadata.operationType === "send")
    return transfers.find((transfer) => transfer.direction === "out")?.recipient ?? metadata.sentTo;
  if (metadata.operationType === "receive")
    return transfers.find((transfer) => transfer.direction === "in")?.sender ?? metadata.sentFrom;
  return metadata.sentTo;
}

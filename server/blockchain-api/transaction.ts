/** One transfer of a transaction, as the kit reads it. */
export interface Transfer {
  readonly fungible_info: { readonly name: string; readonly symbol: string; readonly icon: { readonly url: string } };
  /** Set only for spam, which the kit hides (modal-kit spec section 5). */
  readonly nft_info?: { readonly flags: { readonly is_spam: boolean } };
  readonly direction: "in" | "out" | "self";
  /**
   * Who the value moved from and to: for a token, the ERC-20 Transfer event's from and to (the transaction's
   * `to` is the token contract); for the native coin, the transaction's from and to. EIP-55 checksummed.
   */
  readonly sender: string;
  readonly recipient: string;
  readonly quantity: { readonly numeric: string };
  readonly value: number;
  readonly price: number;
}

/** One transaction of an account's activity (modal-kit spec section 3: id, metadata with minedAt and chain, transfers). */
export interface Transaction {
  readonly id: string;
  readonly metadata: {
    readonly operationType: "send" | "receive" | "execute";
    readonly hash: string;
    /** ISO 8601. */
    readonly minedAt: string;
    readonly sentFrom: string;
    readonly sentTo: string;
    readonly status: "confirmed" | "failed";
    readonly nonce: number;
    /** CAIP-2 chain id. */
    readonly chain: string;
  };
  readonly transfers: Transfer[];
}

/** A page of activity: `next` is the cursor of the following page, or null after the last. */
export interface HistoryPage {
  readonly data: Transaction[];
  readonly next: string | null;
}

/** Transactions per page. */
export const HISTORY_PAGE_SIZE = 50;

export function directionOf(account: string, from: string, to: string): Transfer["direction"] {
  const sent = from.toLowerCase() === account.toLowerCase();
  const received = to.toLowerCase() === account.toLowerCase();
  return sent && received ? "self" : sent ? "out" : "in";
}

export function operationOf(transfers: readonly Transfer[]): Transaction["metadata"]["operationType"] {
  if (transfers.length > 0 && transfers.every((transfer) => transfer.direction === "in")) return "receive";
  if (transfers.length > 0 && transfers.every((transfer) => transfer.direction === "out")) return "send";
  return "execute";
}

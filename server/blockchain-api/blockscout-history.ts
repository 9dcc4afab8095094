import { type Address, formatUnits, getAddress, isAddress } from "viem";
import { ApiError } from "../http/api-error.ts";
import { decodeCursor, encodeCursor } from "./history-cursor.ts";
import type { ServedChain } from "./served-chain.ts";
import { directionOf, type HistoryPage, operationOf, type Transaction, type Transfer } from "./transaction.ts";

/** How long the explorer may take to answer. */
export const EXPLORER_TIMEOUT_MS = 10_000;

interface BlockscoutToken {
  readonly address?: string;
  readonly address_hash?: string;
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: string | null;
  readonly type: string;
  readonly icon_url?: string | null;
}

interface BlockscoutTransaction {
  readonly hash: string;
  readonly timestamp: string;
  readonly from: { readonly hash: string };
  readonly to: { readonly hash: string } | null;
  readonly value: string;
  readonly status: string | null;
  readonly nonce: number;
  readonly token_transfers?:
    | readonly {
        readonly from: { readonly hash: string };
        readonly to: { readonly hash: string };
        readonly token: BlockscoutToken;
        readonly total: { readonly value?: string | null; readonly decimals?: string | null } | null;
      }[]
    | null;
}

interface BlockscoutPage {
  readonly items: readonly BlockscoutTransaction[];
  readonly next_page_params: Record<string, string | number> | null;
}

/** An explorer's address in EIP-55 form (Blockscout already answers so); anything else as it came. */
const checksummed = (value: string) => (isAddress(value, { strict: false }) ? getAddress(value) : value);

const unavailable = (why: string) =>
  new ApiError(502, "explorer_unavailable", `The explorer API answered ${why}; try again shortly`, undefined, 10);

/**
 * Account activity from a Blockscout-compatible explorer (GET {historyApiUrl}/addresses/{address}/transactions,
 * API v2), in the kit's transaction shape. Blockscout's own paging parameters travel in the cursor. Transfers
 * of a token the network config marks as spam, and of tokens Blockscout does not type as ERC-20, carry
 * nft_info so the kit can drop spam.
 */
export async function blockscoutHistory(
  historyApiUrl: string,
  chain: ServedChain,
  address: Address,
  cursor: string | undefined,
): Promise<HistoryPage> {
  const url = new URL(`${historyApiUrl}/addresses/${address}/transactions`);
  if (cursor !== undefined) {
    for (const [name, value] of Object.entries(decodeCursor(cursor))) url.searchParams.set(name, String(value));
  }
  let page: BlockscoutPage;
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(EXPLORER_TIMEOUT_MS),
    });
    if (!response.ok) throw unavailable(`HTTP ${response.status}`);
    page = (await response.json()) as BlockscoutPage;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unavailable("nothing usable");
  }
  if (!Array.isArray(page?.items)) throw unavailable("an unexpected shape");
  const spam = new Set(
    (chain.environment.tokens ?? []).filter((token) => token.spam).map((token) => token.address.toLowerCase()),
  );
  const data = page.items.map((item): Transaction => {
    const transfers: Transfer[] = [];
    if (item.value !== "0" && item.to) {
      transfers.push({
        fungible_info: { name: chain.nativeCurrency.name, symbol: chain.nativeCurrency.symbol, icon: { url: "" } },
        direction: directionOf(address, item.from.hash, item.to.hash),
        sender: checksummed(item.from.hash),
        recipient: checksummed(item.to.hash),
        quantity: { numeric: formatUnits(BigInt(item.value), chain.nativeCurrency.decimals) },
        value: 0,
        price: 0,
      });
    }
    for (const transfer of item.token_transfers ?? []) {
      const token = transfer.token;
      const tokenAddress = (token.address_hash ?? token.address ?? "").toLowerCase();
      const decimals = Number(transfer.total?.decimals ?? token.decimals ?? 0);
      const isSpam = spam.has(tokenAddress);
      transfers.push({
        fungible_info: { name: token.name ?? "", symbol: token.symbol ?? "", icon: { url: token.icon_url ?? "" } },
        ...(isSpam || token.type !== "ERC-20" ? { nft_info: { flags: { is_spam: isSpam } } } : {}),
        direction: directionOf(address, transfer.from.hash, transfer.to.hash),
        sender: checksummed(transfer.from.hash),
        recipient: checksummed(transfer.to.hash),
        quantity: { numeric: formatUnits(BigInt(transfer.total?.value ?? "0"), decimals) },
        value: 0,
        price: 0,
      });
    }
    return {
      id: item.hash,
      metadata: {
        operationType: operationOf(transfers),
        hash: item.hash,
        minedAt: item.timestamp,
        sentFrom: item.from.hash,
        sentTo: item.to?.hash ?? "",
        status: item.status === "error" ? "failed" : "confirmed",
        nonce: item.nonce,
        chain: chain.caipNetworkId,
      },
      transfers,
    };
  });
  return { data, next: page.next_page_params ? encodeCursor(page.next_page_params) : null };
}

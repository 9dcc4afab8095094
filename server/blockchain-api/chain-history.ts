import { type Address, formatUnits, getAddress, type Hash, parseAbiItem } from "viem";
import { ApiError } from "../http/api-error.ts";
import { chainUnavailable } from "./chain-unavailable.ts";
import { decodeCursor, encodeCursor } from "./history-cursor.ts";
import type { ServedChain } from "./served-chain.ts";
import {
  directionOf,
  HISTORY_PAGE_SIZE,
  type HistoryPage,
  operationOf,
  type Transaction,
  type Transfer,
} from "./transaction.ts";

/** How many of the latest blocks are searched: a devnet's whole life in practice. */
export const SCANNED_BLOCKS = 5_000;
const FETCH_CONCURRENCY = 25;
const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

interface MinedTransaction {
  readonly hash: Hash;
  readonly block: number;
  readonly index: number;
  readonly from: Address;
  readonly to: Address | null;
  readonly value: bigint;
  readonly nonce: number;
  readonly minedAt: string;
}

interface MinedBlock {
  readonly hash: Hash;
  readonly parentHash: Hash;
  readonly transactions: readonly MinedTransaction[];
}

/**
 * Account activity read from the chain itself, for a devnet (no explorer there): the transactions an address
 * sent or received in the last SCANNED_BLOCKS blocks (blocks are read once and kept), and the ERC-20 transfers
 * of the chain's configured tokens to or from it (eth_getLogs). Newest first, HISTORY_PAGE_SIZE a page.
 */
export class ChainHistory {
  /** Blocks read so far, by chain and number. */
  private readonly blocks = new Map<string, Map<number, MinedBlock>>();

  async page(chain: ServedChain, address: Address, cursor: string | undefined): Promise<HistoryPage> {
    const { client, caipNetworkId } = chain;
    if (!client) throw chainUnavailable(caipNetworkId);
    const before = cursor === undefined ? undefined : positionOf(decodeCursor(cursor));
    const tokens = new Map((chain.environment.tokens ?? []).map((token) => [token.address.toLowerCase(), token]));
    let mined: MinedTransaction[];
    let logs: {
      transactionHash: Hash;
      logIndex: number;
      address: Address;
      args: { from?: Address; to?: Address; value?: bigint };
    }[];
    try {
      const latest = Number(await client.getBlockNumber());
      const first = Math.max(0, latest - SCANNED_BLOCKS + 1);
      const logQuery = (args: { from: Address } | { to: Address }) =>
        tokens.size === 0
          ? Promise.resolve([])
          : client.getLogs({
              address: [...tokens.values()].map((token) => token.address as Address),
              event: transferEvent,
              args,
              fromBlock: BigInt(first),
              toBlock: BigInt(latest),
            });
      const [sent, received, scanned] = await Promise.all([
        logQuery({ from: address }),
        logQuery({ to: address }),
        this.scan(chain, first, latest),
      ]);
      mined = scanned;
      logs = [...sent, ...received].filter(
        (log, index, all) =>
          all.findIndex((other) => other.transactionHash === log.transactionHash && other.logIndex === log.logIndex) ===
          index,
      );
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw chainUnavailable(caipNetworkId);
    }
    const lower = address.toLowerCase();
    const withLogs = new Set(logs.map((log) => log.transactionHash));
    const relevant = mined
      .filter((tx) => tx.from.toLowerCase() === lower || tx.to?.toLowerCase() === lower || withLogs.has(tx.hash))
      .filter(
        (tx) =>
          before === undefined || tx.block < before.block || (tx.block === before.block && tx.index < before.index),
      )
      .sort((a, b) => b.block - a.block || b.index - a.index);
    const page = relevant.slice(0, HISTORY_PAGE_SIZE);
    const receipts = await Promise.all(
      page.map((tx) => client.getTransactionReceipt({ hash: tx.hash }).catch(() => undefined)),
    );
    const data = page.map((tx, position): Transaction => {
      const transfers: Transfer[] = [];
      if (tx.value > 0n && tx.to) {
        transfers.push({
          fungible_info: { name: chain.nativeCurrency.name, symbol: chain.nativeCurrency.symbol, icon: { url: "" } },
          direction: directionOf(address, tx.from, tx.to),
          sender: getAddress(tx.from),
          recipient: getAddress(tx.to),
          quantity: { numeric: formatUnits(tx.value, chain.nativeCurrency.decimals) },
          value: 0,
          price: 0,
        });
      }
      for (const log of logs
        .filter((entry) => entry.transactionHash === tx.hash)
        .sort((a, b) => a.logIndex - b.logIndex)) {
        const token = tokens.get(log.address.toLowerCase());
        if (!token || !log.args.from || !log.args.to || log.args.value === undefined) continue;
        transfers.push({
          fungible_info: { name: token.name, symbol: token.symbol, icon: { url: token.icon ?? "" } },
          ...(token.spam ? { nft_info: { flags: { is_spam: true } } } : {}),
          direction: directionOf(address, log.args.from, log.args.to),
          sender: getAddress(log.args.from),
          recipient: getAddress(log.args.to),
          quantity: { numeric: formatUnits(log.args.value, token.decimals) },
          value: 0,
          price: 0,
        });
      }
      return {
        id: tx.hash,
        metadata: {
          operationType: operationOf(transfers),
          hash: tx.hash,
          minedAt: tx.minedAt,
          sentFrom: getAddress(tx.from),
          sentTo: tx.to ? getAddress(tx.to) : "",
          status: receipts[position]?.status === "reverted" ? "failed" : "confirmed",
          nonce: tx.nonce,
          chain: caipNetworkId,
        },
        transfers,
      };
    });
    const last = page.at(-1);
    return {
      data,
      next: relevant.length > page.length && last ? encodeCursor({ block: last.block, index: last.index }) : null,
    };
  }

  /**
   * Every transaction of blocks first … latest, reading only blocks not read before. When the chain's newest
   * block does not follow the kept one before it (the devnet was reset or reverted), the kept blocks are dropped.
   */
  private async scan(chain: ServedChain, first: number, latest: number): Promise<MinedTransaction[]> {
    const client = chain.client;
    if (!client) throw chainUnavailable(chain.caipNetworkId);
    const kept = this.blocks.get(chain.caipNetworkId) ?? new Map<number, MinedBlock>();
    this.blocks.set(chain.caipNetworkId, kept);
    const read = async (number: number): Promise<MinedBlock> => {
      const block = await client.getBlock({ blockNumber: BigInt(number), includeTransactions: true });
      const minedAt = new Date(Number(block.timestamp) * 1000).toISOString();
      return {
        hash: block.hash,
        parentHash: block.parentHash,
        transactions: block.transactions.map((tx) => ({
          hash: tx.hash,
          block: number,
          index: tx.transactionIndex ?? 0,
          from: tx.from,
          to: tx.to,
          value: tx.value,
          nonce: tx.nonce,
          minedAt,
        })),
      };
    };
    const newest = await read(latest);
    const previous = kept.get(latest - 1);
    if (kept.has(latest) ? kept.get(latest)?.hash !== newest.hash : previous && previous.hash !== newest.parentHash) {
      kept.clear();
    }
    kept.set(latest, newest);
    for (const number of kept.keys()) if (number < first || number > latest) kept.delete(number);
    const missing: number[] = [];
    for (let number = first; number < latest; number++) if (!kept.has(number)) missing.push(number);
    for (let start = 0; start < missing.length; start += FETCH_CONCURRENCY) {
      const numbers = missing.slice(start, start + FETCH_CONCURRENCY);
      const blocks = await Promise.all(numbers.map(read));
      for (const [offset, block] of blocks.entries()) kept.set(numbers[offset] as number, block);
    }
    const mined: MinedTransaction[] = [];
    for (let number = first; number <= latest; number++) mined.push(...(kept.get(number)?.transactions ?? []));
    return mined;
  }
}

function positionOf(parameters: Record<string, string | number>): { block: number; index: number } {
  const { block, index } = parameters;
  if (typeof block !== "number" || typeof index !== "number" || !Number.isInteger(block) || !Number.isInteger(index)) {
    throw new ApiError(400, "invalid_cursor", "cursor: expected the value of `next` from a previous page", "cursor");
  }
  return { block, index };
}

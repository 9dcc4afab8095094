import { quantity } from "./finalized-blocks.ts";
import type { JsonRpcRequest } from "./json-rpc.ts";

/**
 * A bounded cache (least recently used goes first) of answers that can never change, keyed by chain: the
 * chain id, and blocks, transactions and receipts in blocks at or below the finalized block of the upstream
 * that answered. Recent blocks can still be replaced (a reorganisation); their answers are never kept.
 */
export class ImmutableCache {
  private readonly entries = new Map<string, unknown>();

  constructor(private readonly maxEntries: number) {}

  get(chainId: number, request: JsonRpcRequest): { hit: true; result: unknown } | { hit: false } {
    const key = keyOf(chainId, request);
    if (!this.entries.has(key)) return { hit: false };
    const result = this.entries.get(key);
    this.entries.delete(key);
    this.entries.set(key, result);
    return { hit: true, result };
  }

  /**
   * Stores an answer when it is immutable: never-changing, or about a block at or below `finalized` (the
   * answering upstream's finalized block, known before the answer was sent). Returns whether it did.
   */
  offer(chainId: number, request: JsonRpcRequest, result: unknown, finalized: bigint | undefined): boolean {
    const block = blockOfAnswer(request, result);
    if (block === undefined) return false;
    if (block !== "always" && (finalized === undefined || block > finalized)) return false;
    const key = keyOf(chainId, request);
    this.entries.delete(key);
    this.entries.set(key, result);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return true;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * What keeping an answer depends on: "always" for answers that never change, the number of the block the answer
 * is about for answers that are final once that block is, undefined for answers that are never kept.
 */
export function blockOfAnswer(request: JsonRpcRequest, result: unknown): bigint | "always" | undefined {
  switch (request.method) {
    case "eth_chainId":
    case "net_version":
      return typeof result === "string" ? "always" : undefined;
    case "eth_getBlockByHash":
      return quantity((result as { number?: unknown } | null)?.number);
    case "eth_getBlockByNumber":
      // "latest", "safe", "finalized" and "pending" name different blocks over time: only numbers are stable.
      if (!Array.isArray(request.params) || quantity(request.params[0]) === undefined) return undefined;
      return quantity((result as { number?: unknown } | null)?.number);
    case "eth_getTransactionByHash":
    case "eth_getTransactionReceipt":
      return quantity((result as { blockNumber?: unknown } | null)?.blockNumber);
    default:
      return undefined;
  }
}

function keyOf(chainId: number, request: JsonRpcRequest): string {
  return `${chainId} ${request.method} ${JSON.stringify(request.params ?? [])}`;
}

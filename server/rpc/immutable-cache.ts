import type { JsonRpcRequest } from "./json-rpc.ts";

/** How far behind the head a block must be before answers about it are treated as final. */
export const CONFIRMATION_DEPTH = 64n;

/**
 * A bounded cache (least recently used goes first) of answers that can never change: the chain id, blocks by
 * hash, and blocks, transactions and receipts at least CONFIRMATION_DEPTH blocks behind the head.
 */
export class ImmutableCache {
  private readonly entries = new Map<string, unknown>();
  private head = -1n;

  constructor(private readonly maxEntries: number) {}

  /** Records the chain head seen in answers (eth_blockNumber), which decides what is old enough to keep. */
  observeHead(blockNumber: bigint): void {
    if (blockNumber > this.head) this.head = blockNumber;
  }

  get(chainId: number, request: JsonRpcRequest): { hit: true; result: unknown } | { hit: false } {
    const key = keyOf(chainId, request);
    if (!this.entries.has(key)) return { hit: false };
    const result = this.entries.get(key);
    this.entries.delete(key);
    this.entries.set(key, result);
    return { hit: true, result };
  }

  /** Stores an answer when it is immutable; returns whether it did. */
  offer(chainId: number, request: JsonRpcRequest, result: unknown): boolean {
    if (request.method === "eth_blockNumber" && typeof result === "string" && /^0x[0-9a-f]+$/i.test(result)) {
      this.observeHead(BigInt(result));
      return false;
    }
    if (!this.isImmutable(request, result)) return false;
    const key = keyOf(chainId, request);
    this.entries.delete(key);
    this.entries.set(key, result);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return true;
  }

  get size(): number {
    return this.entries.size;
  }

  private isImmutable(request: JsonRpcRequest, result: unknown): boolean {
    switch (request.method) {
      case "eth_chainId":
      case "net_version":
        return typeof result === "string";
      case "eth_getBlockByHash":
        return result !== null && typeof result === "object";
      case "eth_getBlockByNumber":
        // "latest", "safe", "finalized" and "pending" name different blocks over time: only numbers are stable.
        if (!Array.isArray(request.params) || !/^0x[0-9a-f]+$/i.test(String(request.params[0]))) return false;
        return this.isOldEnough((result as { number?: unknown } | null)?.number);
      case "eth_getTransactionByHash":
      case "eth_getTransactionReceipt":
        return this.isOldEnough((result as { blockNumber?: unknown } | null)?.blockNumber);
      default:
        return false;
    }
  }

  private isOldEnough(blockNumber: unknown): boolean {
    if (typeof blockNumber !== "string" || !/^0x[0-9a-f]+$/i.test(blockNumber) || this.head < 0n) return false;
    return this.head - BigInt(blockNumber) >= CONFIRMATION_DEPTH;
  }
}

function keyOf(chainId: number, request: JsonRpcRequest): string {
  return `${chainId} ${request.method} ${JSON.stringify(request.params ?? [])}`;
}

import { quantity } from "./finalized-blocks.ts";
import type { JsonRpcRequest } from "./json-rpc.ts";
import { objectMembers, parseMember } from "./raw-json.ts";

/**
 * A bounded cache (least recently used goes first) of answers that can never change, keyed by chain and request
 * (method and parameters): the chain id, and blocks, transactions and receipts in blocks at or below the
 * finalized block of the upstream that answered. Recent blocks can still be replaced (a reorganisation); their
 * answers are never kept. Results are kept as the upstream's bytes, so a hit is answered without any parsing.
 */
export class ImmutableCache {
  private readonly entries = new Map<string, Buffer>();

  constructor(private readonly maxEntries: number) {}

  /** The result's bytes for a request (its key: requestKey()), when they are kept. */
  get(chainId: number, key: string): Buffer | undefined {
    const cacheKey = `${chainId} ${key}`;
    const result = this.entries.get(cacheKey);
    if (result === undefined) return undefined;
    this.entries.delete(cacheKey);
    this.entries.set(cacheKey, result);
    return result;
  }

  /**
   * Stores a result when it is immutable: never-changing, or about a block at or below `finalized` (the
   * answering upstream's finalized block, known before the answer was sent). Returns whether it did.
   */
  offer(
    chainId: number,
    key: string,
    result: Buffer,
    block: bigint | "always" | undefined,
    finalized?: bigint,
  ): boolean {
    if (block === undefined) return false;
    if (block !== "always" && (finalized === undefined || block > finalized)) return false;
    const cacheKey = `${chainId} ${key}`;
    this.entries.delete(cacheKey);
    // A copy: the bytes may be a slice of a larger answer, which would otherwise stay in memory with them.
    this.entries.set(cacheKey, Buffer.from(result));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return true;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** What identifies a request's answer: its method and its parameters as JSON (the same text sent upstream). */
export function requestKey(method: string, paramsJson: string | undefined): string {
  return `${method} ${paramsJson ?? "[]"}`;
}

/**
 * What keeping an answer depends on: "always" for answers that never change, the number of the block the answer
 * is about for answers that are final once that block is, undefined for answers that are never kept. Reads
 * only the top level of the result's bytes, and parses only the block number in it.
 */
export function blockOfAnswer(request: JsonRpcRequest, result: Buffer): bigint | "always" | undefined {
  switch (request.method) {
    case "eth_chainId":
    case "net_version":
      return typeof parseMember(result) === "string" ? "always" : undefined;
    case "eth_getBlockByHash":
      return quantity(parseMember(objectMembers(result)?.number));
    case "eth_getBlockByNumber":
      // "latest", "safe", "finalized" and "pending" name different blocks over time: only numbers are stable.
      if (!Array.isArray(request.params) || quantity(request.params[0]) === undefined) return undefined;
      return quantity(parseMember(objectMembers(result)?.number));
    case "eth_getTransactionByHash":
    case "eth_getTransactionReceipt":
      return quantity(parseMember(objectMembers(result)?.blockNumber));
    default:
      return undefined;
  }
}

import { quantity } from "./finalized-blocks.ts";
import { type JsonRpcErrorObject, type JsonRpcRequest, RPC_ERRORS } from "./json-rpc.ts";

/**
 * The block range of eth_getLogs, capped: a wide range makes the upstream scan that many blocks, at its cost
 * and the proxy's (the answer can be huge). Tags are resolved to numbers first; the blockHash form (EIP-234)
 * names one block and is always allowed.
 */
export type BlockTag = "latest" | "pending" | "safe" | "finalized";
type BlockRef = bigint | BlockTag;

export interface LogsRange {
  readonly from: BlockRef;
  readonly to: BlockRef;
}

const TAGS = new Set<string>(["latest", "pending", "safe", "finalized"]);

/**
 * Reads the range an eth_getLogs request asks for. Undefined when there is nothing to cap (another method, or
 * the blockHash form); an invalid-params error for a filter that is not one.
 */
export function readLogsRange(
  request: JsonRpcRequest,
): { range: LogsRange } | { error: JsonRpcErrorObject } | undefined {
  if (request.method !== "eth_getLogs") return undefined;
  const filter = Array.isArray(request.params) ? request.params[0] : undefined;
  if (filter === null || typeof filter !== "object" || Array.isArray(filter)) {
    return { error: RPC_ERRORS.invalidParams("eth_getLogs takes one filter object: [{ fromBlock, toBlock, ... }]") };
  }
  const { fromBlock, toBlock, blockHash } = filter as Record<string, unknown>;
  if (blockHash !== undefined) {
    if (fromBlock !== undefined || toBlock !== undefined) {
      return { error: RPC_ERRORS.invalidParams("eth_getLogs takes either blockHash or fromBlock/toBlock, not both") };
    }
    return undefined;
  }
  const from = blockRef(fromBlock);
  const to = blockRef(toBlock);
  for (const [name, ref] of [
    ["fromBlock", from],
    ["toBlock", to],
  ] as const) {
    if (ref === undefined) {
      return {
        error: RPC_ERRORS.invalidParams(
          `eth_getLogs ${name}: expected a block number in hex (0x…) or one of earliest, latest, safe, finalized, pending`,
        ),
      };
    }
  }
  return { range: { from: from as BlockRef, to: to as BlockRef } };
}

/** The tags a range needs as numbers before its size is known; none when it is two numbers or one tag twice. */
export function tagsToResolve(range: LogsRange): BlockTag[] {
  if (range.from === range.to) return [];
  return [range.from, range.to].filter((ref): ref is BlockTag => typeof ref === "string");
}

/** The limit-exceeded error for a range wider than `maxBlocks`, or undefined when it is within it. */
export function checkLogsRange(
  range: LogsRange,
  resolved: ReadonlyMap<BlockTag, bigint>,
  maxBlocks: number,
): JsonRpcErrorObject | undefined {
  if (range.from === range.to) return undefined;
  const from = typeof range.from === "bigint" ? range.from : resolved.get(range.from);
  const to = typeof range.to === "bigint" ? range.to : resolved.get(range.to);
  const missing = from === undefined ? range.from : to === undefined ? range.to : undefined;
  if (from === undefined || to === undefined) {
    return RPC_ERRORS.invalidParams(`eth_getLogs: this chain's node names no "${String(missing)}" block`);
  }
  const blocks = to >= from ? to - from + 1n : 0n;
  if (blocks <= BigInt(maxBlocks)) return undefined;
  return RPC_ERRORS.limitExceeded(
    `eth_getLogs covers at most ${maxBlocks} blocks per request; this one asks for ${blocks} blocks (0x${from.toString(16)} to 0x${to.toString(16)}); split it into smaller ranges`,
  );
}

function blockRef(value: unknown): BlockRef | undefined {
  if (value === undefined || value === null) return "latest";
  if (value === "earliest") return 0n;
  if (typeof value === "string" && TAGS.has(value)) return value as BlockTag;
  return quantity(value);
}

/** Looks tags up in one batch sent with `send`: latest and pending by eth_blockNumber, safe and finalized by block. */
export async function resolveTags(
  tags: ReadonlySet<BlockTag>,
  send: (body: unknown) => Promise<unknown>,
): Promise<Map<BlockTag, bigint>> {
  const resolved = new Map<BlockTag, bigint>();
  const list = [...tags];
  if (list.length === 0) return resolved;
  const answer = await send(
    list.map((tag, id) =>
      tag === "latest" || tag === "pending"
        ? { jsonrpc: "2.0", id, method: "eth_blockNumber", params: [] }
        : { jsonrpc: "2.0", id, method: "eth_getBlockByNumber", params: [tag, false] },
    ),
  );
  for (const item of Array.isArray(answer) ? answer : []) {
    const { id, result } = (item ?? {}) as { id?: unknown; result?: unknown };
    const tag = typeof id === "number" ? list[id] : undefined;
    const number = quantity(typeof result === "string" ? result : (result as { number?: unknown } | null)?.number);
    if (tag !== undefined && number !== undefined) resolved.set(tag, number);
  }
  return resolved;
}

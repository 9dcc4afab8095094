import { refuseOverrides } from "./call-overrides.ts";
import type { FinalizedBlocks } from "./finalized-blocks.ts";
import { blockOfAnswer, type ImmutableCache } from "./immutable-cache.ts";
import {
  type JsonRpcErrorObject,
  type JsonRpcId,
  type JsonRpcRequest,
  type JsonRpcResponse,
  jsonRpcErrorResponse,
  RPC_ERRORS,
  readRequest,
} from "./json-rpc.ts";
import {
  type BlockTag,
  checkLogsRange,
  type LogsRange,
  readLogsRange,
  resolveTags,
  tagsToResolve,
} from "./logs-range.ts";
import { isAllowedMethod, isKnownMethod } from "./method-policy.ts";
import type { ClientConnection } from "./post-json.ts";
import { AnswerTooLargeError, CallTooSlowError, ClientGoneError, UpstreamUnavailableError } from "./upstream-errors.ts";
import type { UpstreamPool } from "./upstream-pool.ts";

export interface ProxyResult {
  readonly status: number;
  /** Undefined when every request was a notification: nothing to answer (HTTP 204). */
  readonly payload: JsonRpcResponse | JsonRpcResponse[] | undefined;
  readonly retryAfter?: number;
}

export interface ProxyTarget {
  readonly chainId: number;
  readonly pool: UpstreamPool;
  readonly finalized: FinalizedBlocks;
}

export interface ProxyOptions {
  readonly batchLimit: number;
  readonly cache: ImmutableCache;
  /** The widest eth_getLogs block range forwarded. */
  readonly logsMaxBlockRange: number;
  /** The client's connection: when it closes early, upstream exchanges for it are dropped. */
  readonly client?: ClientConnection;
}

/** Seconds a client should wait before retrying when no upstream answers. */
const UPSTREAM_RETRY_AFTER = 5;

interface Pending {
  readonly slot: number;
  readonly id: JsonRpcId;
  readonly request: JsonRpcRequest;
  readonly logsRange?: LogsRange;
}

/**
 * Answers a JSON-RPC body (one request or a batch) for one chain: checks each request's shape, method and
 * parameters, answers immutable requests from the cache, forwards the rest to the upstream pool in one batch
 * with ids renumbered (so clients' ids never collide), and puts the answers back in the client's order.
 */
export async function proxyJsonRpc(target: ProxyTarget, body: unknown, options: ProxyOptions): Promise<ProxyResult> {
  const batch = Array.isArray(body);
  const items: unknown[] = batch ? body : [body];
  if (batch && items.length === 0) {
    return { status: 200, payload: jsonRpcErrorResponse(null, RPC_ERRORS.invalidRequest("the batch is empty")) };
  }
  if (items.length > options.batchLimit) {
    return {
      status: 413,
      payload: jsonRpcErrorResponse(
        null,
        RPC_ERRORS.limitExceeded(
          `a batch holds at most ${options.batchLimit} requests; this one holds ${items.length}`,
        ),
      ),
    };
  }

  const answers: Array<JsonRpcResponse | undefined> = new Array(items.length);
  let pending: Pending[] = [];
  items.forEach((item, slot) => {
    const read = readRequest(item);
    if ("error" in read) {
      answers[slot] = jsonRpcErrorResponse(read.id, RPC_ERRORS.invalidRequest(read.error));
      return;
    }
    const { request } = read;
    if (request.id === undefined) return; // a notification: never answered, and nothing worth doing for it
    const logs = readLogsRange(request);
    const refusal = refusalOf(request) ?? (logs && "error" in logs ? logs.error : undefined);
    if (refusal) {
      answers[slot] = jsonRpcErrorResponse(request.id, refusal);
      return;
    }
    const cached = options.cache.get(target.chainId, request);
    if (cached.hit) {
      answers[slot] = { jsonrpc: "2.0", id: request.id, result: cached.result };
      return;
    }
    pending.push({ slot, id: request.id, request, ...(logs && "range" in logs ? { logsRange: logs.range } : {}) });
  });

  let status = 200;
  let retryAfter: number | undefined;
  try {
    pending = await capLogsRanges(target, pending, answers, options);
    if (pending.length > 0) await forward(target, pending, answers, options);
  } catch (error) {
    const failure = failureOf(error);
    status = failure.status;
    retryAfter = failure.retryAfter;
    for (const { slot, id } of pending) answers[slot] = jsonRpcErrorResponse(id, failure.error);
  }

  const responses = answers.filter((answer): answer is JsonRpcResponse => answer !== undefined);
  const payload = batch ? (responses.length > 0 ? responses : undefined) : responses[0];
  return { status: payload === undefined ? 204 : status, payload, ...(retryAfter ? { retryAfter } : {}) };
}

/** Why a request is refused before anything is sent upstream, if it is. */
function refusalOf(request: JsonRpcRequest): JsonRpcErrorObject | undefined {
  if (!isAllowedMethod(request.method)) {
    return isKnownMethod(request.method)
      ? RPC_ERRORS.methodNotSupported(request.method)
      : RPC_ERRORS.methodNotFound(request.method);
  }
  return refuseOverrides(request);
}

/** Answers eth_getLogs requests wider than the cap with an error; returns the requests still to forward. */
async function capLogsRanges(
  target: ProxyTarget,
  pending: Pending[],
  answers: Array<JsonRpcResponse | undefined>,
  options: ProxyOptions,
): Promise<Pending[]> {
  const tags = new Set<BlockTag>(pending.flatMap(({ logsRange }) => (logsRange ? tagsToResolve(logsRange) : [])));
  if (!pending.some(({ logsRange }) => logsRange)) return pending;
  const resolved = await resolveTags(tags, (body) => target.pool.send(body, options.client));
  return pending.filter(({ slot, id, logsRange }) => {
    const error = logsRange && checkLogsRange(logsRange, resolved, options.logsMaxBlockRange);
    if (error) answers[slot] = jsonRpcErrorResponse(id, error);
    return !error;
  });
}

/** Sends the pending requests upstream in one body and files each answer, keeping those that can never change. */
async function forward(
  target: ProxyTarget,
  pending: Pending[],
  answers: Array<JsonRpcResponse | undefined>,
  options: ProxyOptions,
): Promise<void> {
  const outgoing = pending.map(({ request }, index) => ({
    jsonrpc: "2.0" as const,
    id: index,
    method: request.method,
    ...(request.params === undefined ? {} : { params: request.params }),
  }));
  const sentAt = performance.now();
  const { answer: reply, upstream } = await target.pool.exchange(
    outgoing.length === 1 ? outgoing[0] : outgoing,
    options.client,
  );
  const byId = new Map<unknown, Record<string, unknown>>();
  for (const answer of Array.isArray(reply) ? reply : [reply]) {
    if (answer !== null && typeof answer === "object")
      byId.set((answer as { id?: unknown }).id, answer as Record<string, unknown>);
  }
  // Answers about blocks above what the upstream had finalized are not kept; if the upstream was last asked a
  // while ago, ask again so later answers can be (this answer is not: it may predate the new finalized block).
  const finalized = target.finalized.finalizedBefore(upstream, sentAt);
  const newest = pending.reduce<bigint | undefined>((highest, { request }, index) => {
    const answer = byId.get(index);
    const block = answer && "result" in answer ? blockOfAnswer(request, answer.result) : undefined;
    return typeof block === "bigint" && (highest === undefined || block > highest) ? block : highest;
  }, undefined);
  if (newest !== undefined && (finalized === undefined || newest > finalized)) {
    await target.finalized.refresh(upstream);
  }
  pending.forEach(({ slot, id, request }, index) => {
    const answer = byId.get(index);
    if (answer && "result" in answer) {
      options.cache.offer(target.chainId, request, answer.result, finalized);
      answers[slot] = { jsonrpc: "2.0", id, result: answer.result };
    } else if (answer && isErrorObject(answer.error)) {
      answers[slot] = jsonRpcErrorResponse(id, answer.error);
    } else {
      answers[slot] = jsonRpcErrorResponse(id, RPC_ERRORS.internal("the upstream node gave no answer to this request"));
    }
  });
}

/** The answer to every forwarded request when the exchange failed, by whose fault it was. */
function failureOf(error: unknown): { status: number; error: JsonRpcErrorObject; retryAfter?: number } {
  if (error instanceof UpstreamUnavailableError) {
    return {
      status: 503,
      error: RPC_ERRORS.resourceUnavailable(error.message),
      retryAfter: UPSTREAM_RETRY_AFTER,
    };
  }
  if (error instanceof CallTooSlowError) {
    return {
      status: 200,
      error: RPC_ERRORS.limitExceeded(
        `the upstream node is healthy but did not finish this request within ${error.timeoutMs} ms; ask for less (a smaller block range, less gas, fewer calls per batch)`,
      ),
    };
  }
  if (error instanceof AnswerTooLargeError) {
    return {
      status: 200,
      error: RPC_ERRORS.limitExceeded(
        `the answer is larger than ${error.limitBytes} bytes, the most this endpoint passes on; ask for less (a smaller eth_getLogs range, fewer calls per batch)`,
      ),
    };
  }
  if (error instanceof ClientGoneError) return { status: 200, error: RPC_ERRORS.internal(error.message) };
  throw error;
}

function isErrorObject(value: unknown): value is { code: number; message: string; data?: unknown } {
  return (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { code?: unknown }).code === "number" &&
    typeof (value as { message?: unknown }).message === "string"
  );
}

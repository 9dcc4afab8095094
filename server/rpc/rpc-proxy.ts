import { refuseOverrides } from "./call-overrides.ts";
import { type ImmutableCache, requestKey } from "./immutable-cache.ts";
import {
  type JsonRpcErrorObject,
  type JsonRpcId,
  type JsonRpcRequest,
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
import { type Outcome, type Read, type ReadTarget, readUpstream } from "./upstream-reads.ts";

export interface ProxyResult {
  readonly status: number;
  /** The JSON answer's bytes; undefined when every request was a notification: nothing to answer (HTTP 204). */
  readonly payload: Buffer | undefined;
  readonly retryAfter?: number;
}

export type ProxyTarget = ReadTarget;

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

interface Pending extends Read {
  readonly slot: number;
  readonly id: JsonRpcId;
  readonly logsRange?: LogsRange;
}

/**
 * Answers a JSON-RPC body (one request or a batch) for one chain: checks each request's shape, method and
 * parameters, answers immutable requests from the cache, forwards the rest upstream (identical reads already on
 * their way are joined, the others go in one batch with ids renumbered, so clients' ids never collide), and
 * puts the answers back in the client's order with the client's ids. Results are passed on as the upstream's
 * bytes, never parsed and serialised again.
 */
export async function proxyJsonRpc(target: ProxyTarget, body: unknown, options: ProxyOptions): Promise<ProxyResult> {
  const batch = Array.isArray(body);
  const items: unknown[] = batch ? body : [body];
  if (batch && items.length === 0) {
    return { status: 200, payload: errorBytes(null, RPC_ERRORS.invalidRequest("the batch is empty")) };
  }
  if (items.length > options.batchLimit) {
    return {
      status: 413,
      payload: errorBytes(
        null,
        RPC_ERRORS.limitExceeded(
          `a batch holds at most ${options.batchLimit} requests; this one holds ${items.length}`,
        ),
      ),
    };
  }

  const answers: Array<Buffer | undefined> = new Array(items.length);
  let pending: Pending[] = [];
  items.forEach((item, slot) => {
    const read = readRequest(item);
    if ("error" in read) {
      answers[slot] = errorBytes(read.id, RPC_ERRORS.invalidRequest(read.error));
      return;
    }
    const { request } = read;
    if (request.id === undefined) return; // a notification: never answered, and nothing worth doing for it
    const logs = readLogsRange(request);
    const refusal = refusalOf(request) ?? (logs && "error" in logs ? logs.error : undefined);
    if (refusal) {
      answers[slot] = errorBytes(request.id, refusal);
      return;
    }
    const paramsJson = request.params === undefined ? undefined : JSON.stringify(request.params);
    const key = requestKey(request.method, paramsJson);
    const cached = options.cache.get(target.chainId, key);
    if (cached) {
      answers[slot] = resultBytes(request.id, cached);
      return;
    }
    pending.push({
      slot,
      id: request.id,
      request,
      paramsJson,
      key,
      ...(logs && "range" in logs ? { logsRange: logs.range } : {}),
    });
  });

  let status = 200;
  let retryAfter: number | undefined;
  if (pending.some(({ logsRange }) => logsRange)) {
    try {
      pending = await capLogsRanges(target, pending, answers, options);
    } catch (error) {
      const failure = failureOf(error);
      ({ status, retryAfter } = failure);
      pending = settle(pending, answers, failure);
    }
  }
  // Answered from the cache or refused, every one: nothing to wait for (no promise, no turn of the event loop).
  const outcomes =
    pending.length === 0 ? [] : await Promise.allSettled(readUpstream(target, pending, options.cache, options.client));
  outcomes.forEach((outcome, index) => {
    const { slot, id } = pending[index] as Pending;
    if (outcome.status === "fulfilled") {
      answers[slot] = outcomeBytes(id, outcome.value);
      return;
    }
    const failure = failureOf(outcome.reason);
    status = Math.max(status, failure.status);
    retryAfter ??= failure.retryAfter;
    answers[slot] = errorBytes(id, failure.error);
  });

  const responses = answers.filter((answer): answer is Buffer => answer !== undefined);
  const payload = batch ? (responses.length > 0 ? joinBatch(responses) : undefined) : responses[0];
  return { status: payload === undefined ? 204 : status, payload, ...(retryAfter ? { retryAfter } : {}) };
}

/** Answers every pending request with the failure; none is left to forward. */
function settle(pending: Pending[], answers: Array<Buffer | undefined>, failure: Failure): Pending[] {
  for (const { slot, id } of pending) answers[slot] = errorBytes(id, failure.error);
  return [];
}

const RESULT_HEAD = Buffer.from('{"jsonrpc":"2.0","id":');
const RESULT_MEMBER = Buffer.from(',"result":');
const CLOSE = Buffer.from("}");
const COMMA = Buffer.from(",");

/** The client's answer around the upstream's result bytes, with the client's id. */
function resultBytes(id: JsonRpcId, result: Buffer): Buffer {
  return Buffer.concat([RESULT_HEAD, Buffer.from(JSON.stringify(id)), RESULT_MEMBER, result, CLOSE]);
}

function errorBytes(id: JsonRpcId, error: JsonRpcErrorObject): Buffer {
  return Buffer.from(JSON.stringify(jsonRpcErrorResponse(id, error)));
}

function outcomeBytes(id: JsonRpcId, outcome: Outcome): Buffer {
  return "result" in outcome ? resultBytes(id, outcome.result) : errorBytes(id, outcome.error);
}

function joinBatch(answers: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from("[")];
  answers.forEach((answer, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(answer);
  });
  parts.push(Buffer.from("]"));
  return Buffer.concat(parts);
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

/**
 * Answers eth_getLogs requests wider than the cap with an error; returns the requests still to forward. Called
 * only when some request is an eth_getLogs, so other requests wait for no promise here.
 */
async function capLogsRanges(
  target: ProxyTarget,
  pending: Pending[],
  answers: Array<Buffer | undefined>,
  options: ProxyOptions,
): Promise<Pending[]> {
  const tags = new Set<BlockTag>(pending.flatMap(({ logsRange }) => (logsRange ? tagsToResolve(logsRange) : [])));
  const resolved = await resolveTags(tags, (body) => target.pool.send(body, options.client));
  return pending.filter(({ slot, id, logsRange }) => {
    const error = logsRange && checkLogsRange(logsRange, resolved, options.logsMaxBlockRange);
    if (error) answers[slot] = errorBytes(id, error);
    return !error;
  });
}

/** The answer to every forwarded request when the exchange failed, by whose fault it was. */
interface Failure {
  readonly status: number;
  readonly error: JsonRpcErrorObject;
  readonly retryAfter?: number;
}

function failureOf(error: unknown): Failure {
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

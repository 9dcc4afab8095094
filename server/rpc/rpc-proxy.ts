import type { ImmutableCache } from "./immutable-cache.ts";
import {
  type JsonRpcId,
  type JsonRpcRequest,
  type JsonRpcResponse,
  jsonRpcErrorResponse,
  RPC_ERRORS,
  readRequest,
} from "./json-rpc.ts";
import { isAllowedMethod, isKnownMethod } from "./method-policy.ts";
import { type UpstreamPool, UpstreamUnavailableError } from "./upstream-pool.ts";

export interface ProxyResult {
  readonly status: number;
  /** Undefined when every request was a notification: nothing to answer (HTTP 204). */
  readonly payload: JsonRpcResponse | JsonRpcResponse[] | undefined;
  readonly retryAfter?: number;
}

export interface ProxyTarget {
  readonly chainId: number;
  readonly pool: UpstreamPool;
}

/** Seconds a client should wait before retrying when no upstream answers. */
const UPSTREAM_RETRY_AFTER = 5;

/**
 * Answers a JSON-RPC body (one request or a batch) for one chain: checks each request's shape and method,
 * answers immutable requests from the cache, forwards the rest to the upstream pool in one batch with ids
 * renumbered (so clients' ids never collide), and puts the answers back in the client's order.
 */
export async function proxyJsonRpc(
  target: ProxyTarget,
  body: unknown,
  options: { readonly batchLimit: number; readonly cache: ImmutableCache },
): Promise<ProxyResult> {
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
  const pending: Array<{ slot: number; id: JsonRpcId; request: JsonRpcRequest }> = [];
  items.forEach((item, slot) => {
    const read = readRequest(item);
    if ("error" in read) {
      answers[slot] = jsonRpcErrorResponse(read.id, RPC_ERRORS.invalidRequest(read.error));
      return;
    }
    const { request } = read;
    if (request.id === undefined) return; // a notification: never answered, and nothing worth doing for it
    if (!isAllowedMethod(request.method)) {
      const error = isKnownMethod(request.method)
        ? RPC_ERRORS.methodNotSupported(request.method)
        : RPC_ERRORS.methodNotFound(request.method);
      answers[slot] = jsonRpcErrorResponse(request.id, error);
      return;
    }
    const cached = options.cache.get(target.chainId, request);
    if (cached.hit) {
      answers[slot] = { jsonrpc: "2.0", id: request.id, result: cached.result };
      return;
    }
    pending.push({ slot, id: request.id, request });
  });

  let status = 200;
  let retryAfter: number | undefined;
  if (pending.length > 0) {
    const outgoing = pending.map(({ request }, index) => ({
      jsonrpc: "2.0" as const,
      id: index,
      method: request.method,
      ...(request.params === undefined ? {} : { params: request.params }),
    }));
    try {
      const reply = await target.pool.send(outgoing.length === 1 ? outgoing[0] : outgoing);
      const byId = new Map<unknown, Record<string, unknown>>();
      for (const answer of Array.isArray(reply) ? reply : [reply]) {
        if (answer !== null && typeof answer === "object")
          byId.set((answer as { id?: unknown }).id, answer as Record<string, unknown>);
      }
      pending.forEach(({ slot, id, request }, index) => {
        const answer = byId.get(index);
        if (answer && "result" in answer) {
          options.cache.offer(target.chainId, request, answer.result);
          answers[slot] = { jsonrpc: "2.0", id, result: answer.result };
        } else if (answer && isErrorObject(answer.error)) {
          answers[slot] = jsonRpcErrorResponse(id, answer.error);
        } else {
          answers[slot] = jsonRpcErrorResponse(
            id,
            RPC_ERRORS.internal("the upstream node gave no answer to this request"),
          );
        }
      });
    } catch (error) {
      if (!(error instanceof UpstreamUnavailableError)) throw error;
      status = 503;
      retryAfter = UPSTREAM_RETRY_AFTER;
      for (const { slot, id } of pending)
        answers[slot] = jsonRpcErrorResponse(id, RPC_ERRORS.resourceUnavailable(error.message));
    }
  }

  const responses = answers.filter((answer): answer is JsonRpcResponse => answer !== undefined);
  const payload = batch ? (responses.length > 0 ? responses : undefined) : responses[0];
  return { status: payload === undefined ? 204 : status, payload, ...(retryAfter ? { retryAfter } : {}) };
}

function isErrorObject(value: unknown): value is { code: number; message: string; data?: unknown } {
  return (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { code?: unknown }).code === "number" &&
    typeof (value as { message?: unknown }).message === "string"
  );
}

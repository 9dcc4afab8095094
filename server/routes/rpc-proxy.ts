import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerConfig } from "../config/env.ts";
import { originAllowed } from "../http/origin-allowed.ts";
import { securityHeaders } from "../http/security-headers.ts";
import { warnOnlyRequestLogger } from "../http/warn-only-request-logger.ts";
import type { SharedCounter } from "../limits/shared-counter.ts";
import type { UpstreamRegistry } from "../ops/upstream-registry.ts";
import { CallBudget } from "../rpc/call-budget.ts";
import { CombinedReads } from "../rpc/combined-reads.ts";
import { FinalizedBlocks } from "../rpc/finalized-blocks.ts";
import { ImmutableCache } from "../rpc/immutable-cache.ts";
import { InFlightLimit } from "../rpc/in-flight-limit.ts";
import { jsonRpcErrorResponse, RPC_ERRORS } from "../rpc/json-rpc.ts";
import { type ProxyTarget, proxyJsonRpc } from "../rpc/rpc-proxy.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import { UpstreamPool } from "../rpc/upstream-pool.ts";
import { exchangeReads, InFlightReads } from "../rpc/upstream-reads.ts";

/** The path of the proxy for a chain: chain ids are unique across config, so they name the chain. */
export function proxyPath(chainId: number): string {
  return `/rpc/${chainId}`;
}

/** What the JSON-RPC proxy reads of the server's configuration: its limits, time-outs and cache size. */
export type RpcProxySettings = Pick<
  ServerConfig,
  | "RPC_TIMEOUT_MS"
  | "RPC_BATCH_LIMIT"
  | "RPC_BODY_LIMIT_BYTES"
  | "RATE_LIMIT_PER_MINUTE"
  | "RPC_CACHE_ENTRIES"
  | "RPC_LOGS_MAX_BLOCK_RANGE"
  | "RPC_RESPONSE_LIMIT_BYTES"
  | "RPC_CLIENT_CONCURRENCY"
  | "RPC_MAX_CONCURRENCY"
  | "RPC_COMBINE_MAX_CALLS"
  | "RPC_FINALITY_CHECK_MS"
  | "RPC_UPSTREAM_COOL_DOWN_MS"
  | "CORS_ORIGINS"
>;

/**
 * POST /rpc/{chainId}: the JSON-RPC proxy the app reads the chain through. Upstream keys stay on the server.
 * Bodies above the configured size are refused before parsing. Each client (its IP address, as TRUST_PROXY
 * says to read it) has a budget of calls per minute, every call of a batch counted, shared by every instance
 * (PostgreSQL), and a number of requests it may have in flight at once on this instance; the instance has an
 * overall one.
 */
export async function rpcProxyRoutes(
  app: FastifyInstance,
  {
    config,
    served,
    counter,
    upstreams,
    onCoalesced,
  }: {
    config: RpcProxySettings;
    served: readonly ServedEnvironment[];
    counter: SharedCounter;
    /** Where /ready and /metrics find the pools' health and failures. */
    upstreams?: UpstreamRegistry;
    /** Called for each read answered by joining an identical one on its way upstream (for /metrics). */
    onCoalesced?: (chainId: number) => void;
  },
) {
  const cache = new ImmutableCache(config.RPC_CACHE_ENTRIES);
  const budget = new CallBudget(counter, config.RATE_LIMIT_PER_MINUTE);
  const inFlight = new InFlightLimit(config.RPC_CLIENT_CONCURRENCY, config.RPC_MAX_CONCURRENCY);
  const headers = securityHeaders();
  const refuse = (reply: FastifyReply, status: number, retryAfter: number, message: string) =>
    reply
      .status(status)
      .header("retry-after", String(retryAfter))
      .send(jsonRpcErrorResponse(null, RPC_ERRORS.limitExceeded(message)));

  for (const entry of served) {
    const chainId = entry.environment.chainId;
    const pool = new UpstreamPool({
      chainId,
      urls: entry.upstreams,
      timeoutMs: config.RPC_TIMEOUT_MS,
      maxAnswerBytes: config.RPC_RESPONSE_LIMIT_BYTES,
      coolDownMs: config.RPC_UPSTREAM_COOL_DOWN_MS,
      onWarning: (message) => app.log.warn({ chainId }, message),
      ...(upstreams ? { onUpstreamError: upstreams.errorReporter(chainId) } : {}),
    });
    upstreams?.add(entry, pool);
    const target: ProxyTarget = {
      chainId,
      pool,
      finalized: new FinalizedBlocks(pool, config.RPC_FINALITY_CHECK_MS),
      inFlight: new InFlightReads(onCoalesced && (() => onCoalesced(chainId))),
      combined: new CombinedReads(config.RPC_COMBINE_MAX_CALLS, (reads, audience) =>
        exchangeReads(target, reads, cache, audience),
      ),
    };
    app.post(
      proxyPath(chainId),
      {
        bodyLimit: config.RPC_BODY_LIMIT_BYTES,
        // CORS is answered below, as @fastify/cors answers it for the server's other routes (its preflight too).
        config: { jsonRpc: true, cors: false },
        // Two info lines per call cost a busy proxy a third to a half more CPU per read: answers other than 2xx are
        // logged below, at warn; errors, warnings and upstream failures as everywhere. Each request's logger is
        // made only if it writes a line (warnOnlyRequestLogger), as a route logLevel of "warn" would log.
        childLoggerFactory: warnOnlyRequestLogger,
        onResponse: (request, reply, done) => {
          if (reply.statusCode >= 300) {
            request.log.warn({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
          }
          done();
        },
        // helmet's headers, worked out once instead of per request (they are set on every answer below).
        helmet: false,
        onRequest: (request, reply, done) => {
          reply.headers(headers);
          // As @fastify/cors with the server's origin rule: Vary: Origin always, the origin echoed when allowed.
          const origin = request.headers.origin;
          if (originAllowed(origin, config.CORS_ORIGINS)) {
            reply.header("vary", "Origin").header("access-control-allow-origin", origin);
          } else reply.header("vary", "Origin");
          done();
        },
        schema: {
          summary: `JSON-RPC proxy for ${entry.environment.name} (chain ${chainId})`,
          description:
            "One JSON-RPC 2.0 request or a batch. Reads, eth_call, eth_estimateGas and eth_sendRawTransaction only. Errors are JSON-RPC error objects (EIP-1474 codes).",
          tags: ["rpc"],
          body: {},
        },
      },
      async (request, reply) => {
        const calls = Array.isArray(request.body) ? request.body.length : 1;
        // The proxy does not need the database otherwise: when it cannot count, it serves (in-flight limits still
        // bound the load) rather than cut the app off from the chain.
        const spending = budget.spend(request.ip, calls);
        const spent =
          spending instanceof Promise
            ? await spending.catch((error: Error) => {
                request.log.warn({ err: error }, "the call budget could not be counted; serving the request");
                return { ok: true } as const;
              })
            : spending;
        if (!spent.ok) {
          return refuse(
            reply,
            429,
            spent.retryAfterSeconds,
            `Too many calls: at most ${budget.maxCalls} per minute per client, every call of a batch counted; ${spent.used} used and this body holds ${calls}; retry after ${spent.retryAfterSeconds} s`,
          );
        }
        const place = inFlight.enter(request.ip);
        if (!place.ok) {
          return place.full === "client"
            ? refuse(
                reply,
                429,
                1,
                `at most ${inFlight.maxPerClient} requests at once per client; wait for an answer before sending more`,
              )
            : refuse(
                reply,
                503,
                1,
                `the proxy is at its limit of ${inFlight.maxTotal} requests at once; retry shortly`,
              );
        }
        try {
          const result = await proxyJsonRpc(target, request.body, {
            batchLimit: config.RPC_BATCH_LIMIT,
            cache,
            logsMaxBlockRange: config.RPC_LOGS_MAX_BLOCK_RANGE,
            // The client may go before the answer comes: its upstream exchange is dropped, no upstream blamed.
            client: reply.raw,
          });
          if (result.retryAfter) void reply.header("retry-after", String(result.retryAfter));
          if (result.payload === undefined) return reply.status(204).send();
          // The answer is JSON already (the upstream's result bytes inside it): sent as it is.
          return reply
            .status(result.status)
            .header("content-type", "application/json; charset=utf-8")
            .send(result.payload);
        } finally {
          place.leave();
        }
      },
    );
  }
}

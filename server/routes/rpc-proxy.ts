import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "../config/env.ts";
import { ImmutableCache } from "../rpc/immutable-cache.ts";
import { proxyJsonRpc } from "../rpc/rpc-proxy.ts";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import { UpstreamPool } from "../rpc/upstream-pool.ts";

/** The path of the proxy for a chain: chain ids are unique across config, so they name the chain. */
export function proxyPath(chainId: number): string {
  return `/rpc/${chainId}`;
}

/**
 * POST /rpc/{chainId}: the JSON-RPC proxy the app reads the chain through. Upstream keys stay on the server.
 * Rate-limited per client; bodies above the configured size are refused before parsing.
 */
export async function rpcProxyRoutes(
  app: FastifyInstance,
  { config, served }: { config: ServerConfig; served: readonly ServedEnvironment[] },
) {
  const cache = new ImmutableCache(config.RPC_CACHE_ENTRIES);
  for (const entry of served) {
    const chainId = entry.environment.chainId;
    const pool = new UpstreamPool({
      chainId,
      urls: entry.upstreams,
      timeoutMs: config.RPC_TIMEOUT_MS,
      onWarning: (message) => app.log.warn({ chainId }, message),
    });
    app.post(
      proxyPath(chainId),
      {
        bodyLimit: config.RPC_BODY_LIMIT_BYTES,
        config: {
          jsonRpc: true,
          rateLimit: { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
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
        const result = await proxyJsonRpc({ chainId, pool }, request.body, {
          batchLimit: config.RPC_BATCH_LIMIT,
          cache,
        });
        if (result.retryAfter) void reply.header("retry-after", String(result.retryAfter));
        if (result.payload === undefined) return reply.status(204).send();
        return reply.status(result.status).send(result.payload);
      },
    );
  }
}

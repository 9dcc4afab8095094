import { type Chain, fallback, http, type Transport } from "viem";

/**
 * Spec section 9's RPC constants. They are viem's defaults, stated here so a viem upgrade cannot change them
 * silently: 10 s timeout; 3 retries from 150 ms with exponential backoff on 403, 408, 413, 429 and 5xx,
 * honouring Retry-After (viem's http transport); batches of at most 1000 calls; fallback ranking every 4 s
 * over 10 samples weighted 0.7 stability and 0.3 latency.
 */
export const RPC_OPTIONS = {
  timeout: 10_000,
  retryCount: 3,
  retryDelay: 150,
  batchSize: 1000,
  rank: { interval: 4_000, sampleCount: 10, weights: { stability: 0.7, latency: 0.3 } },
} as const;

/** The chain's transport: viem `fallback` over `http`, custom URLs first, then the chain's own. */
export function createChainTransport(chain: Chain, customUrls: readonly string[] = []): Transport {
  const urls = [...new Set([...customUrls, ...chain.rpcUrls.default.http])];
  const transports = urls.map((url) =>
    http(url, {
      batch: { batchSize: RPC_OPTIONS.batchSize },
      timeout: RPC_OPTIONS.timeout,
      retryCount: RPC_OPTIONS.retryCount,
      retryDelay: RPC_OPTIONS.retryDelay,
    }),
  );
  return fallback(transports, {
    // Ranking pings every endpoint every 4 s: only worth it when there is a choice.
    rank: transports.length > 1 ? RPC_OPTIONS.rank : false,
    retryCount: RPC_OPTIONS.retryCount,
    retryDelay: RPC_OPTIONS.retryDelay,
  });
}

import { type Chain, custom, type EIP1193RequestFn, fallback, http, type Transport } from "viem";

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

const HTTP_OPTIONS = {
  batch: { batchSize: RPC_OPTIONS.batchSize },
  timeout: RPC_OPTIONS.timeout,
  retryCount: RPC_OPTIONS.retryCount,
  retryDelay: RPC_OPTIONS.retryDelay,
} as const;

/**
 * An http transport whose URL is learnt at first use (the host's backend names the endpoint, spec section 7).
 * A failed lookup is not remembered: the next request asks again, and meanwhile fallback moves on.
 */
export function resolvedHttp(resolveUrl: () => Promise<string>): Transport {
  // viem builds a fallback's transports again for each call: what was learnt lives out here.
  let lookup: Promise<string> | undefined;
  const endpoint = () => {
    lookup ??= resolveUrl().catch((error: unknown) => {
      lookup = undefined;
      throw error;
    });
    return lookup;
  };
  return (parameters) => {
    let request: EIP1193RequestFn | undefined;
    return custom(
      {
        async request(args) {
          request ??= http(await endpoint(), HTTP_OPTIONS)(parameters).request;
          return request(args);
        },
      },
      // The inner http transport retries; a failed lookup goes straight to the next transport.
      { key: "resolvedHttp", name: "HTTP (resolved endpoint)", retryCount: 0 },
    )(parameters);
  };
}

/**
 * The chain's transport: viem `fallback` over `http`; the endpoint the host resolves first (when given), then
 * custom URLs, then the chain's own.
 */
export function createChainTransport(
  chain: Chain,
  customUrls: readonly string[] = [],
  resolveEndpoint?: () => Promise<string>,
): Transport {
  const urls = [...new Set([...customUrls, ...chain.rpcUrls.default.http])];
  const transports = [
    ...(resolveEndpoint ? [resolvedHttp(resolveEndpoint)] : []),
    ...urls.map((url) => http(url, HTTP_OPTIONS)),
  ];
  return fallback(transports, {
    // Ranking pings every endpoint every 4 s: only worth it when there is a choice.
    rank: transports.length > 1 ? RPC_OPTIONS.rank : false,
    retryCount: RPC_OPTIONS.retryCount,
    retryDelay: RPC_OPTIONS.retryDelay,
  });
}

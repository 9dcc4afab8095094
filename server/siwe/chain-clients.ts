import { createPublicClient, custom, type PublicClient } from "viem";
import type { ServedEnvironment } from "../rpc/served-environments.ts";
import { UpstreamPool } from "../rpc/upstream-pool.ts";

interface JsonRpcAnswer {
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
}

/**
 * A viem public client per served chain, reading through the same upstream nodes as the JSON-RPC proxy (with
 * their chain-id check and failover), for checks that need the chain: contract wallets' signatures
 * (EIP-1271 isValidSignature, ERC-6492 for wallets not deployed yet).
 */
export function createChainClients(
  served: readonly ServedEnvironment[],
  options: { readonly timeoutMs: number; readonly onWarning?: (chainId: number, message: string) => void },
): ReadonlyMap<number, PublicClient> {
  const clients = new Map<number, PublicClient>();
  for (const entry of served) {
    const chainId = entry.environment.chainId;
    if (clients.has(chainId)) continue;
    const pool = new UpstreamPool({
      chainId,
      urls: entry.upstreams,
      timeoutMs: options.timeoutMs,
      onWarning: (message) => options.onWarning?.(chainId, message),
    });
    const transport = custom(
      {
        async request({ method, params }) {
          const answer = (await pool.send({ jsonrpc: "2.0", id: 1, method, params })) as JsonRpcAnswer;
          if (answer.error) {
            throw Object.assign(new Error(answer.error.message), { code: answer.error.code, data: answer.error.data });
          }
          return answer.result;
        },
      },
      // The pool already fails over between nodes; retrying here would multiply its timeouts.
      { retryCount: 0 },
    );
    clients.set(chainId, createPublicClient({ transport, cacheTime: 0 }));
  }
  return clients;
}

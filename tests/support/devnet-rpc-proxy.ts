import type { FastifyInstance } from "fastify";
import { buildServer } from "../../server/app.ts";
import { parseEnv } from "../../server/config/env.ts";
import type { Storage } from "../../server/storage/database.ts";

/**
 * The server for the devnet, silent, with `upstreams` (comma-separated URLs) replacing the devnet Ethereum's
 * RPC upstreams, and `env` on top: the RPC proxy over stand-in nodes.
 */
export function devnetRpcProxy(
  storage: Storage,
  upstreams: string,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  return buildServer(
    parseEnv({
      SERVE_KINDS: "devnet",
      LOG_LEVEL: "silent",
      RPC_UPSTREAM_POLICY: "replace",
      RPC_UPSTREAMS_ETHEREUM_DEVNET: upstreams,
      ...env,
    }),
    storage,
    { logger: false },
  );
}

import type { FastifyInstance } from "fastify";
import { querySchema } from "./client-query.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { servedChains } from "./served-chain.ts";

/** GET v1/supported-chains: the CAIP-2 ids this server reads (balances, history, names) over HTTP; none over WebSocket. */
export async function supportedChainsRoute(app: FastifyInstance, { chains }: BlockchainApiDependencies) {
  const caipIds = { type: "array", items: { type: "string", description: 'CAIP-2 chain id ("eip155:1").' } } as const;
  app.get(
    "/v1/supported-chains",
    {
      schema: {
        summary: "Chains this server serves",
        tags: ["blockchain-api"],
        querystring: querySchema({}),
        response: { 200: { type: "object", required: ["http", "ws"], properties: { http: caipIds, ws: caipIds } } },
      },
    },
    async () => ({ http: servedChains(chains).map((chain) => chain.caipNetworkId), ws: [] }),
  );
}

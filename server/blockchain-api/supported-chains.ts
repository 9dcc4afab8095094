import type { FastifyInstance } from "fastify";
import {
  supportedChainsPath,
  supportedChainsQuery,
  supportedChainsResponse,
} from "../../src/core/api/blockchain-api.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { servedChains } from "./served-chain.ts";

/** GET v1/supported-chains: the CAIP-2 ids this server reads (balances, history, names) over HTTP; none over WebSocket. */
export async function supportedChainsRoute(app: FastifyInstance, { chains }: BlockchainApiDependencies) {
  zodRoutes(app).get(
    supportedChainsPath,
    {
      schema: {
        summary: "Chains this server serves",
        tags: ["blockchain-api"],
        querystring: supportedChainsQuery,
        response: { 200: supportedChainsResponse },
      },
    },
    async () => ({ http: servedChains(chains).map((chain) => chain.caipNetworkId), ws: [] }),
  );
}

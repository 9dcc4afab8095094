import type { FastifyInstance } from "fastify";
import { historyParams, historyPath, historyQuery, historyResponse } from "../../src/core/api/blockchain-api.ts";
import { ApiError } from "../http/api-error.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { blockscoutHistory } from "./blockscout-history.ts";
import { ChainHistory } from "./chain-history.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { parseAddress } from "./parse-address.ts";
import { resolveChain } from "./served-chain.ts";

/**
 * GET v1/account/{address}/history: an address's activity on one chain, newest first, a page at a time.
 * From the environment's Blockscout-compatible explorer API when it has one (historyApiUrl), from the chain
 * itself on a devnet.
 */
export async function historyRoute(app: FastifyInstance, { chains }: BlockchainApiDependencies) {
  const fromChain = new ChainHistory();
  zodRoutes(app).get(
    historyPath,
    {
      schema: {
        summary: "Activity of an address on one chain",
        description: "50 transactions a page, newest first; pass `next` back as `cursor` for the following page.",
        tags: ["blockchain-api"],
        params: historyParams,
        querystring: historyQuery,
        response: { 200: historyResponse },
      },
    },
    async (request) => {
      const { query } = request;
      const address = parseAddress(request.params.address, "address");
      const chain = resolveChain(chains, query.chainId);
      const { historyApiUrl, kind } = chain.environment;
      if (historyApiUrl) return blockscoutHistory(historyApiUrl, chain, address, query.cursor);
      if (kind === "devnet") return fromChain.page(chain, address, query.cursor);
      throw new ApiError(
        400,
        "history_unavailable",
        `chainId: activity of ${chain.caipNetworkId} is not served (no explorer API is configured for it)`,
        "chainId",
      );
    },
  );
}

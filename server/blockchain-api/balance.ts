import type { FastifyInstance } from "fastify";
import { balanceParams, balancePath, balanceQuery, balanceResponse } from "../../src/core/api/blockchain-api.ts";
import { ApiError } from "../http/api-error.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { BalanceCache } from "./balance-cache.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { parseAddress } from "./parse-address.ts";
import { readBalances } from "./read-balances.ts";
import { resolveChain } from "./served-chain.ts";

/** GET v1/account/{address}/balance: native and configured ERC-20 balances of an address on one chain. */
export async function balanceRoute(app: FastifyInstance, { chains }: BlockchainApiDependencies) {
  const cache = new BalanceCache();
  zodRoutes(app).get(
    balancePath,
    {
      schema: {
        summary: "Balances of an address on one chain: the native coin and the chain's configured ERC-20 tokens",
        description:
          "Read through the server's upstream nodes with one multicall. Tokens the address holds none of are left out. Answers are reused for 30 s unless forceUpdate is given.",
        tags: ["blockchain-api"],
        params: balanceParams,
        querystring: balanceQuery,
        response: { 200: balanceResponse },
      },
    },
    async (request) => {
      const { query } = request;
      const address = parseAddress(request.params.address, "address");
      const chain = resolveChain(chains, query.chainId);
      if (query.currency !== undefined && query.currency !== "usd") {
        throw new ApiError(400, "invalid_query", 'currency: expected "usd"', "currency");
      }
      if (query.forceUpdate !== undefined) parseAddress(query.forceUpdate.split(":").at(-1), "forceUpdate");
      const key = `${chain.caipNetworkId}:${address}`;
      const cached = query.forceUpdate === undefined ? cache.get(key) : undefined;
      if (cached) return { balances: cached };
      const balances = await readBalances(chain, address);
      cache.set(key, balances);
      return { balances };
    },
  );
}

import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import { BalanceCache } from "./balance-cache.ts";
import { querySchema } from "./client-query.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { parseAddress } from "./parse-address.ts";
import { readBalances } from "./read-balances.ts";
import { resolveChain } from "./served-chain.ts";

const balanceSchema = {
  type: "object",
  required: ["name", "symbol", "chainId", "value", "price", "quantity", "iconUrl"],
  properties: {
    name: { type: "string" },
    symbol: { type: "string" },
    chainId: { type: "string", description: 'CAIP-2 chain id ("eip155:1").' },
    address: { type: "string", description: 'CAIP-10 token address ("eip155:1:0x…"); absent for the native coin.' },
    value: { type: "number", description: "USD value (0: this server knows no prices)." },
    price: { type: "number", description: "USD price (0: this server knows no prices)." },
    quantity: {
      type: "object",
      required: ["decimals", "numeric"],
      properties: {
        decimals: { type: "string", description: "The token's decimals, as text." },
        numeric: { type: "string", description: 'The amount in whole tokens, as a decimal string ("2374.5").' },
      },
    },
    iconUrl: { type: "string", description: "Token icon URL, or empty." },
  },
} as const;

/** GET v1/account/{address}/balance: native and configured ERC-20 balances of an address on one chain. */
export async function balanceRoute(app: FastifyInstance, { chains }: BlockchainApiDependencies) {
  const cache = new BalanceCache();
  app.get(
    "/v1/account/:address/balance",
    {
      schema: {
        summary: "Balances of an address on one chain: the native coin and the chain's configured ERC-20 tokens",
        description:
          "Read through the server's upstream nodes with one multicall. Tokens the address holds none of are left out. Answers are reused for 30 s unless forceUpdate is given.",
        tags: ["blockchain-api"],
        params: { type: "object", properties: { address: { type: "string", description: "EVM address." } } },
        querystring: querySchema(
          {
            chainId: { type: "string", description: 'CAIP-2 chain id ("eip155:1").' },
            currency: { type: "string", description: 'Currency of value and price: only "usd".' },
            forceUpdate: {
              type: "string",
              description: "Token address (or CAIP-10 address) whose balance just changed: skip the 30 s cache.",
            },
          },
          ["chainId"],
        ),
        response: {
          200: {
            type: "object",
            required: ["balances"],
            properties: { balances: { type: "array", items: balanceSchema } },
          },
        },
      },
    },
    async (request) => {
      const query = request.query as Record<string, string | undefined>;
      const address = parseAddress((request.params as { address: string }).address, "address");
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

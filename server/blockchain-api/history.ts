import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import { blockscoutHistory } from "./blockscout-history.ts";
import { ChainHistory } from "./chain-history.ts";
import { querySchema } from "./client-query.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { parseAddress } from "./parse-address.ts";
import { resolveChain } from "./served-chain.ts";

const transferSchema = {
  type: "object",
  required: ["fungible_info", "direction", "quantity", "value", "price"],
  properties: {
    fungible_info: {
      type: "object",
      properties: {
        name: { type: "string" },
        symbol: { type: "string" },
        icon: { type: "object", properties: { url: { type: "string" } } },
      },
    },
    nft_info: {
      type: "object",
      description: "Present for spam and non-fungible transfers.",
      properties: { flags: { type: "object", properties: { is_spam: { type: "boolean" } } } },
    },
    direction: { type: "string", enum: ["in", "out", "self"] },
    quantity: { type: "object", properties: { numeric: { type: "string", description: "Whole tokens." } } },
    value: { type: "number" },
    price: { type: "number" },
  },
} as const;

const transactionSchema = {
  type: "object",
  required: ["id", "metadata", "transfers"],
  properties: {
    id: { type: "string" },
    metadata: {
      type: "object",
      properties: {
        operationType: { type: "string", enum: ["send", "receive", "execute"] },
        hash: { type: "string" },
        minedAt: { type: "string", description: "ISO 8601." },
        sentFrom: { type: "string" },
        sentTo: { type: "string" },
        status: { type: "string", enum: ["confirmed", "failed"] },
        nonce: { type: "integer" },
        chain: { type: "string", description: "CAIP-2 chain id." },
      },
    },
    transfers: { type: "array", items: transferSchema },
  },
} as const;

/**
 * GET v1/account/{address}/history: an address's activity on one chain, newest first, a page at a time.
 * From the environment's Blockscout-compatible explorer API when it has one (historyApiUrl), from the chain
 * itself on a devnet.
 */
export async function historyRoute(app: FastifyInstance, { chains }: BlockchainApiDependencies) {
  const fromChain = new ChainHistory();
  app.get(
    "/v1/account/:address/history",
    {
      schema: {
        summary: "Activity of an address on one chain",
        description: "50 transactions a page, newest first; pass `next` back as `cursor` for the following page.",
        tags: ["blockchain-api"],
        params: { type: "object", properties: { address: { type: "string", description: "EVM address." } } },
        querystring: querySchema(
          {
            chainId: { type: "string", description: 'CAIP-2 chain id ("eip155:1").' },
            cursor: { type: "string", description: "`next` of the previous page." },
            onramp: { type: "string", description: "Onramp provider filter (accepted; this server has no onramp)." },
          },
          ["chainId"],
        ),
        response: {
          200: {
            type: "object",
            required: ["data", "next"],
            properties: { data: { type: "array", items: transactionSchema }, next: { type: ["string", "null"] } },
          },
        },
      },
    },
    async (request) => {
      const query = request.query as { chainId: string; cursor?: string };
      const address = parseAddress((request.params as { address: string }).address, "address");
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

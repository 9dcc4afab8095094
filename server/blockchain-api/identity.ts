import type { FastifyInstance } from "fastify";
import { namesOf } from "./account-names.ts";
import { querySchema } from "./client-query.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { parseAddress } from "./parse-address.ts";

/** GET v1/identity/{address}: the profile name (its oldest registered name) and avatar shown in the Account view. */
export async function identityRoute(app: FastifyInstance, { storage }: BlockchainApiDependencies) {
  app.get(
    "/v1/identity/:address",
    {
      schema: {
        summary: "Profile name and avatar of an address",
        description: "null for either when the address has none.",
        tags: ["blockchain-api"],
        params: { type: "object", properties: { address: { type: "string", description: "EVM address." } } },
        querystring: querySchema({ sender: { type: "string", description: "The asking address (accepted, unused)." } }),
        response: {
          200: {
            type: "object",
            required: ["name", "avatar"],
            properties: { name: { type: ["string", "null"] }, avatar: { type: ["string", "null"] } },
          },
        },
      },
    },
    async (request) => {
      const address = parseAddress((request.params as { address: string }).address, "address");
      const { sender } = request.query as { sender?: string };
      if (sender !== undefined) parseAddress(sender, "sender");
      const [first] = await namesOf(storage, address);
      return { name: first?.name ?? null, avatar: first?.attributes.avatar ?? null };
    },
  );
}

import type { FastifyInstance } from "fastify";
import { namesOf } from "./account-names.ts";
import { querySchema } from "./client-query.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { parseAddress } from "./parse-address.ts";
import { profileSchema } from "./profile-schema.ts";

/** GET v1/profile/reverse/{address}: the names registered to an address, oldest first (empty when none). */
export async function reverseLookupRoute(app: FastifyInstance, { storage }: BlockchainApiDependencies) {
  app.get(
    "/v1/profile/reverse/:address",
    {
      schema: {
        summary: "Names of an address",
        tags: ["blockchain-api"],
        params: { type: "object", properties: { address: { type: "string", description: "EVM address." } } },
        querystring: querySchema({
          sender: { type: "string", description: "The asking address (accepted, unused)." },
          apiVersion: { type: "string", enum: ["2"], description: "Answer version: 2." },
        }),
        response: { 200: { type: "array", items: profileSchema } },
      },
    },
    async (request) => namesOf(storage, parseAddress((request.params as { address: string }).address, "address")),
  );
}

import type { FastifyInstance } from "fastify";
import { identityParams, identityPath, identityQuery, identityResponse } from "../../src/core/api/blockchain-api.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { namesOf } from "./account-names.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { parseAddress } from "./parse-address.ts";

/** GET v1/identity/{address}: the profile name (its oldest registered name) and avatar shown in the Account view. */
export async function identityRoute(app: FastifyInstance, { storage }: BlockchainApiDependencies) {
  zodRoutes(app).get(
    identityPath,
    {
      schema: {
        summary: "Profile name and avatar of an address",
        description: "null for either when the address has none.",
        tags: ["blockchain-api"],
        params: identityParams,
        querystring: identityQuery,
        response: { 200: identityResponse },
      },
    },
    async (request) => {
      const address = parseAddress(request.params.address, "address");
      const { sender } = request.query;
      if (sender !== undefined) parseAddress(sender, "sender");
      const [first] = await namesOf(storage, address);
      return { name: first?.name ?? null, avatar: first?.attributes.avatar ?? null };
    },
  );
}

import type { FastifyInstance } from "fastify";
import {
  reverseLookupParams,
  reverseLookupPath,
  reverseLookupQuery,
  reverseLookupResponse,
} from "../../src/core/api/blockchain-api.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { namesOf } from "./account-names.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { parseAddress } from "./parse-address.ts";

/** GET v1/profile/reverse/{address}: the names registered to an address, oldest first (empty when none). */
export async function reverseLookupRoute(app: FastifyInstance, { storage }: BlockchainApiDependencies) {
  zodRoutes(app).get(
    reverseLookupPath,
    {
      schema: {
        summary: "Names of an address",
        tags: ["blockchain-api"],
        params: reverseLookupParams,
        querystring: reverseLookupQuery,
        response: { 200: reverseLookupResponse },
      },
    },
    async (request) => namesOf(storage, parseAddress(request.params.address, "address")),
  );
}

import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { nameLookupPath, nameLookupQuery, nameLookupResponse } from "../../src/core/api/blockchain-api.ts";
import { ApiError } from "../http/api-error.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { parseFullName } from "./account-name-rule.ts";
import { findName } from "./account-names.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";

/** GET v1/profile/account/{name}: a registered name and the address it resolves to. */
export async function nameLookupRoute(app: FastifyInstance, { storage, nameZone }: BlockchainApiDependencies) {
  // The parameter names this server's zone, so it is described here rather than in the shared contract.
  const params = z.object({ name: z.string().register(z.globalRegistry, { description: `"alice.${nameZone}"` }) });
  zodRoutes(app).get(
    nameLookupPath,
    {
      schema: {
        summary: "Resolve an account name",
        tags: ["blockchain-api"],
        params,
        querystring: nameLookupQuery,
        response: { 200: nameLookupResponse },
      },
    },
    async (request) => {
      const name = parseFullName(request.params.name, nameZone, "name");
      const profile = await findName(storage, name);
      if (!profile) throw new ApiError(404, "name_not_found", `name: ${name} is not registered`, "name");
      return profile;
    },
  );
}

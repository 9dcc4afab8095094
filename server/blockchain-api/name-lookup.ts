import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import { parseFullName } from "./account-name-rule.ts";
import { findName } from "./account-names.ts";
import { querySchema } from "./client-query.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";
import { profileSchema } from "./profile-schema.ts";

/** GET v1/profile/account/{name}: a registered name and the address it resolves to. */
export async function nameLookupRoute(app: FastifyInstance, { storage, nameZone }: BlockchainApiDependencies) {
  app.get(
    "/v1/profile/account/:name",
    {
      schema: {
        summary: "Resolve an account name",
        tags: ["blockchain-api"],
        params: { type: "object", properties: { name: { type: "string", description: `"alice.${nameZone}"` } } },
        querystring: querySchema({ apiVersion: { type: "string", enum: ["2"], description: "Answer version: 2." } }),
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const name = parseFullName((request.params as { name: string }).name, nameZone, "name");
      const profile = await findName(storage, name);
      if (!profile) throw new ApiError(404, "name_not_found", `name: ${name} is not registered`, "name");
      return profile;
    },
  );
}

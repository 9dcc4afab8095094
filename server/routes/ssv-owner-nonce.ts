import { and, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { getAddress } from "viem";
import { ssvOwnerNoncePath, ssvOwnerNonceQuery, ssvOwnerNonceResponse } from "../../src/core/api/ssv-owner-nonce.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { ssvValidators } from "../storage/schema.ts";
import type { ReadRouteDependencies } from "./read-route-dependencies.ts";
import { resolveSsvScope } from "./ssv-scope.ts";

/**
 * GET /ssv/owner-nonce: the nonce the owner's next validator registration is signed with. The SSV network
 * counts every registration of an owner (removals do not give one back), so it is the number of its
 * ValidatorAdded events indexed so far.
 */
export async function ssvOwnerNonceRoutes(app: FastifyInstance, { storage, served }: ReadRouteDependencies) {
  zodRoutes(app).get(
    ssvOwnerNoncePath,
    {
      schema: {
        summary: "The SSV owner nonce the next validator registration needs",
        tags: ["ssv"],
        querystring: ssvOwnerNonceQuery,
        response: { 200: ssvOwnerNonceResponse },
      },
    },
    async (request) => {
      const scope = resolveSsvScope(request.query, served);
      const owner = getAddress(request.query.owner.toLowerCase());
      const [counted] = await storage.db
        .select({ nonce: count() })
        .from(ssvValidators)
        .where(
          and(
            eq(ssvValidators.network, scope.network),
            eq(ssvValidators.environment, scope.environment.id),
            eq(ssvValidators.owner, owner),
          ),
        );
      return { owner, nonce: Number(counted?.nonce ?? 0) };
    },
  );
}

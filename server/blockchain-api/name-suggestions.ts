import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { clientQueryShape, nameSuggestionsPath, nameSuggestionsResponse } from "../../src/core/api/blockchain-api.ts";
import { ApiError } from "../http/api-error.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { accountNames } from "../storage/schema.ts";
import { parseNameLabel } from "./account-name-rule.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";

/** How many names a suggestion answer holds. */
export const SUGGESTION_COUNT = 5;

/**
 * GET v1/profile/suggestions/{name}: the name asked for and free variations of it ("alice-1", "alice-2", …),
 * each with whether it is registered, the name asked for first.
 */
export async function nameSuggestionsRoute(app: FastifyInstance, { storage, nameZone }: BlockchainApiDependencies) {
  const params = z.object({ name: z.string().register(z.globalRegistry, { description: 'A label ("alice").' }) });
  // The zone is this server's, so the query is described here rather than in the shared contract.
  const querystring = z.object({
    ...clientQueryShape,
    zone: z.optional(z.string().register(z.globalRegistry, { description: `The names' zone: "${nameZone}".` })),
  });
  zodRoutes(app).get(
    nameSuggestionsPath,
    {
      schema: {
        summary: "Suggest account names",
        tags: ["blockchain-api"],
        params,
        querystring,
        response: { 200: nameSuggestionsResponse },
      },
    },
    async (request) => {
      const { zone } = request.query;
      if (zone !== undefined && zone !== nameZone) {
        throw new ApiError(400, "invalid_query", `zone: expected "${nameZone}"`, "zone");
      }
      const raw = request.params.name;
      const label = parseNameLabel(raw.endsWith(`.${nameZone}`) ? raw.slice(0, -nameZone.length - 1) : raw, "name");
      // The asked-for name plus enough variations that SUGGESTION_COUNT - 1 free ones are found among them.
      const candidates = [label, ...Array.from({ length: 20 }, (_, index) => `${label}-${index + 1}`)]
        .filter((candidate) => candidate.length <= 63)
        .map((candidate) => `${candidate}.${nameZone}`);
      const taken = new Set(
        (
          await storage.db
            .select({ name: accountNames.name })
            .from(accountNames)
            .where(inArray(accountNames.name, candidates))
        ).map((row) => row.name),
      );
      const [asked, ...variations] = candidates;
      const free = variations.filter((name) => !taken.has(name)).slice(0, SUGGESTION_COUNT - 1);
      return {
        suggestions: [
          { name: asked as string, registered: taken.has(asked as string) },
          ...free.map((name) => ({ name, registered: false })),
        ],
      };
    },
  );
}

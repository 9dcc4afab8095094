import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import { accountNames } from "../storage/schema.ts";
import { parseNameLabel } from "./account-name-rule.ts";
import { querySchema } from "./client-query.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";

/** How many names a suggestion answer holds. */
export const SUGGESTION_COUNT = 5;

/**
 * GET v1/profile/suggestions/{name}: the name asked for and free variations of it ("alice-1", "alice-2", …),
 * each with whether it is registered, the name asked for first.
 */
export async function nameSuggestionsRoute(app: FastifyInstance, { storage, nameZone }: BlockchainApiDependencies) {
  app.get(
    "/v1/profile/suggestions/:name",
    {
      schema: {
        summary: "Suggest account names",
        tags: ["blockchain-api"],
        params: { type: "object", properties: { name: { type: "string", description: 'A label ("alice").' } } },
        querystring: querySchema({ zone: { type: "string", description: `The names' zone: "${nameZone}".` } }),
        response: {
          200: {
            type: "object",
            required: ["suggestions"],
            properties: {
              suggestions: {
                type: "array",
                items: {
                  type: "object",
                  required: ["name", "registered"],
                  properties: { name: { type: "string" }, registered: { type: "boolean" } },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { zone } = request.query as { zone?: string };
      if (zone !== undefined && zone !== nameZone) {
        throw new ApiError(400, "invalid_query", `zone: expected "${nameZone}"`, "zone");
      }
      const raw = (request.params as { name: string }).name;
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

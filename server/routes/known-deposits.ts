import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import { validators } from "../storage/schema.ts";
import type { ReadRouteDependencies } from "./owner-scope.ts";

/** At most this many public keys per question: one stake never has more (2048 ETH / 32 ETH = 64). */
export const MAX_KNOWN_PUBKEYS = 64;

const bad = (field: string, message: string) => new ApiError(400, "invalid_query", message, field);

/**
 * GET /deposits/known: which of the given validator public keys the indexer has already seen deposited on one
 * network environment, whoever deposited them. The app asks before a stake is signed, so deposit data that
 * names an existing validator (a replayed or tampered answer) is refused instead of topping it up.
 */
export async function knownDepositRoutes(app: FastifyInstance, { storage, registry, served }: ReadRouteDependencies) {
  app.get(
    "/deposits/known",
    {
      schema: {
        summary: "Which validator public keys already have a deposit",
        tags: ["deposits"],
        querystring: {
          type: "object",
          required: ["network", "environment", "pubkeys"],
          properties: {
            network: { type: "string", description: 'Network slug, e.g. "ethereum".' },
            environment: { type: "string", description: 'Environment id, e.g. "mainnet", "hoodi", "devnet".' },
            pubkeys: {
              type: "string",
              description: `Comma-separated BLS public keys, 48 bytes as 96 hex digits with or without 0x, at most ${MAX_KNOWN_PUBKEYS}.`,
            },
          },
        },
        response: {
          200: {
            type: "object",
            required: ["known"],
            properties: {
              known: {
                type: "array",
                description:
                  "The asked public keys that have a deposit, lower-case hex without 0x, in the order asked.",
                items: { type: "string", pattern: "^[0-9a-f]{96}$" },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const network = registry.find((candidate) => candidate.slug === query.network);
      const environments = served
        .filter((entry) => entry.network === query.network && !entry.subNetwork)
        .map((entry) => entry.environment.id);
      if (network?.family !== "ethereum-beacon" || environments.length === 0) {
        const offered = registry
          .filter((candidate) => candidate.family === "ethereum-beacon")
          .map((candidate) => `"${candidate.slug}"`);
        throw bad("network", `network: expected ${offered.join(" or ")}`);
      }
      if (typeof query.environment !== "string" || !environments.includes(query.environment)) {
        throw bad("environment", `environment: expected ${environments.map((id) => `"${id}"`).join(" or ")}`);
      }
      const pubkeys = typeof query.pubkeys === "string" ? query.pubkeys.split(",") : [];
      const normalized = pubkeys.map((key) => key.trim().toLowerCase().replace(/^0x/, ""));
      if (
        normalized.length === 0 ||
        normalized.length > MAX_KNOWN_PUBKEYS ||
        normalized.some((key) => !/^[0-9a-f]{96}$/.test(key))
      ) {
        throw bad(
          "pubkeys",
          `pubkeys: expected 1 to ${MAX_KNOWN_PUBKEYS} comma-separated public keys of 96 hex digits`,
        );
      }
      const rows = await storage.db
        .select({ pubkey: validators.pubkey })
        .from(validators)
        .where(
          and(
            eq(validators.network, network.slug),
            eq(validators.environment, query.environment),
            inArray(validators.pubkey, [...new Set(normalized)]),
          ),
        );
      const found = new Set(rows.map((row) => row.pubkey));
      return { known: [...new Set(normalized)].filter((key) => found.has(key)) };
    },
  );
}

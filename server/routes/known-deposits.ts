import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import { pendingDeposits, validators } from "../storage/schema.ts";
import type { ReadRouteDependencies } from "./owner-scope.ts";

/** At most this many public keys per question: one stake never has more (2048 ETH / 32 ETH = 64). */
export const MAX_KNOWN_PUBKEYS = 64;

const bad = (field: string, message: string) => new ApiError(400, "invalid_query", message, field);

/**
 * GET /deposits/known: which of the given validator public keys already have a deposit on one network
 * environment, whoever made it: confirmed ones (indexed INDEXER_CONFIRMATIONS blocks behind the head) and
 * pending ones (in a newer block, from 0 confirmations; see indexPendingDeposits). The app asks when it
 * verifies deposit data and again right before the wallet is asked to sign, so deposit data naming a validator
 * that was just deposited (another tab, a retry after a wallet error, a replayed answer) is refused instead of
 * topping it up and paying the service fee twice.
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
            required: ["known", "pending", "deposits"],
            properties: {
              known: {
                type: "array",
                description:
                  "The asked public keys that have a deposit, confirmed or pending, lower-case hex without 0x, in the order asked.",
                items: { type: "string", pattern: "^[0-9a-f]{96}$" },
              },
              pending: {
                type: "array",
                description:
                  "Those of `known` whose only deposits are in blocks newer than the indexer's confirmed block (0 confirmations or more, fewer than INDEXER_CONFIRMATIONS): a reorganisation may still take them back. Refreshed on every indexer pass.",
                items: { type: "string", pattern: "^[0-9a-f]{96}$" },
              },
              deposits: {
                type: "array",
                description: "One entry per key of `known`, in the same order: the transaction of its first deposit.",
                items: {
                  type: "object",
                  required: ["pubkey", "txHash", "status"],
                  properties: {
                    pubkey: { type: "string", pattern: "^[0-9a-f]{96}$" },
                    txHash: {
                      type: ["string", "null"],
                      pattern: "^0x[0-9a-f]{64}$",
                      description: "The deposit's transaction, when the indexer recorded it.",
                    },
                    status: { type: "string", enum: ["confirmed", "pending"] },
                  },
                },
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
      const asked = [...new Set(normalized)];
      const environment = query.environment;
      const scope = (table: typeof validators | typeof pendingDeposits) =>
        and(eq(table.network, network.slug), eq(table.environment, environment), inArray(table.pubkey, asked));
      const [confirmed, pending] = await Promise.all([
        storage.db
          .select({ pubkey: validators.pubkey, txHash: validators.depositTxHash })
          .from(validators)
          .where(scope(validators)),
        storage.db
          .select({ pubkey: pendingDeposits.pubkey, txHash: pendingDeposits.txHash })
          .from(pendingDeposits)
          .where(scope(pendingDeposits))
          .orderBy(pendingDeposits.blockNumber, pendingDeposits.logIndex),
      ]);
      const found = new Map<string, { txHash: string | null; status: "confirmed" | "pending" }>();
      for (const row of confirmed) found.set(row.pubkey, { txHash: row.txHash, status: "confirmed" });
      for (const row of pending)
        if (!found.has(row.pubkey)) found.set(row.pubkey, { txHash: row.txHash, status: "pending" });
      const deposits = asked.flatMap((pubkey) => {
        const deposit = found.get(pubkey);
        return deposit ? [{ pubkey, ...deposit }] : [];
      });
      return {
        known: deposits.map((deposit) => deposit.pubkey),
        pending: deposits.filter((deposit) => deposit.status === "pending").map((deposit) => deposit.pubkey),
        deposits,
      };
    },
  );
}

import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { knownDepositsPath, knownDepositsQuery, knownDepositsResponse } from "../../src/core/api/known-deposits.ts";
import { takesValidatorDeposits, validatorDepositNetworks } from "../families/index.ts";
import { ApiError } from "../http/api-error.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { depositedKeys, pendingDeposits } from "../storage/schema.ts";
import type { ReadRouteDependencies } from "./read-route-dependencies.ts";

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
  zodRoutes(app).get(
    knownDepositsPath,
    {
      schema: {
        summary: "Which validator public keys already have a deposit",
        tags: ["deposits"],
        querystring: knownDepositsQuery,
        response: { 200: knownDepositsResponse },
      },
    },
    async (request) => {
      const { network: slug, environment, pubkeys } = request.query;
      const network = registry.find((candidate) => candidate.slug === slug);
      const environments = served
        .filter((entry) => entry.network === slug && !entry.subNetwork)
        .map((entry) => entry.environment.id);
      if (!takesValidatorDeposits(network) || environments.length === 0) {
        const offered = validatorDepositNetworks(registry).map((candidate) => `"${candidate.slug}"`);
        throw bad("network", `network: expected ${offered.join(" or ")}`);
      }
      if (!environments.includes(environment)) {
        throw bad("environment", `environment: expected ${environments.map((id) => `"${id}"`).join(" or ")}`);
      }
      const asked = [...new Set(pubkeys)];
      const scope = (table: typeof depositedKeys | typeof pendingDeposits) =>
        and(eq(table.network, network.slug), eq(table.environment, environment), inArray(table.pubkey, asked));
      const [confirmed, pending] = await Promise.all([
        storage.db
          .select({ pubkey: depositedKeys.pubkey, txHash: depositedKeys.txHash })
          .from(depositedKeys)
          .where(scope(depositedKeys)),
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

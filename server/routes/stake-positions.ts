import { and, count, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { getAddress, type PublicClient } from "viem";
import { delegationPoolAbi } from "../../contracts/generated/index.ts";
import {
  type StakePositions,
  stakePositionsPath,
  stakePositionsQuery,
  stakePositionsResponse,
} from "../../src/core/api/stake-positions.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { ssvValidators, validators } from "../storage/schema.ts";
import type { ReadRouteDependencies } from "./read-route-dependencies.ts";

/**
 * GET /stake-positions: for one address, every served network environment where it has a stake: its
 * validators in the index, its validators registered with SSV operators, and its stake in each delegation
 * pool in wei (read from the pool's chain). A chain that does not answer is listed as unreadable, not as empty.
 */
export async function stakePositionRoutes(
  app: FastifyInstance,
  { storage, served, chains }: ReadRouteDependencies & { readonly chains: ReadonlyMap<number, PublicClient> },
) {
  zodRoutes(app).get(
    stakePositionsPath,
    {
      schema: {
        summary: "Every network where an address has a stake",
        tags: ["positions"],
        querystring: stakePositionsQuery,
        response: { 200: stakePositionsResponse },
      },
    },
    async (request) => {
      const owner = getAddress(request.query.owner.toLowerCase());
      const answer: { -readonly [K in keyof StakePositions]: StakePositions[K][number][] } = {
        positions: [],
        unreadable: [],
      };
      const reads = served.map(async (entry) => {
        const place = {
          network: entry.network,
          subNetwork: entry.subNetwork ?? null,
          environment: entry.environment.id,
        };
        if (!entry.subNetwork) {
          const [indexed] = await storage.db
            .select({ count: count() })
            .from(validators)
            .where(
              and(
                eq(validators.network, entry.network),
                eq(validators.environment, entry.environment.id),
                eq(validators.owner, owner),
              ),
            );
          const found: typeof answer.positions = [];
          if (indexed && indexed.count > 0) found.push({ ...place, kind: "validators", count: indexed.count });
          if (entry.environment.contracts?.ssvNetwork) {
            const [registered] = await storage.db
              .select({ count: count() })
              .from(ssvValidators)
              .where(
                and(
                  eq(ssvValidators.network, entry.network),
                  eq(ssvValidators.environment, entry.environment.id),
                  eq(ssvValidators.owner, owner),
                  isNull(ssvValidators.removedBlock),
                ),
              );
            const ssv = registered?.count ?? 0;
            if (ssv > 0) found.push({ ...place, kind: "ssv-validators", count: ssv });
          }
          return found;
        }
        const pool = entry.environment.contracts?.stakingPool;
        const client = chains.get(entry.environment.chainId);
        if (!pool) return [];
        try {
          if (!client) throw new Error(`no client for chain ${entry.environment.chainId}`);
          // userSummary's total: every wei the address has there (locking, locked, unlocking, not withdrawn).
          const { total } = await client.readContract({
            address: pool,
            abi: delegationPoolAbi,
            functionName: "userSummary",
            args: [owner],
          });
          return total > 0n ? [{ ...place, kind: "pool-stake" as const, amountWei: total.toString() }] : [];
        } catch (error) {
          request.log.warn({ err: error, ...place }, "stake positions: pool not readable");
          answer.unreadable.push(place);
          return [];
        }
      });
      for (const found of await Promise.all(reads)) answer.positions.push(...found);
      return answer;
    },
  );
}

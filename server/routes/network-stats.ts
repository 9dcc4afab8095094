import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { parseGwei } from "viem";
import { networkStatsPath, networkStatsResponse } from "../../src/core/api/network-stats.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { measuredApr } from "../rewards/measured-apr.ts";
import type { ReadRouteDependencies } from "./read-route-dependencies.ts";

/** Statuses of validators that no longer stake: their balance is (being) withdrawn. */
const GONE = ["exited_unslashed", "exited_slashed", "withdrawal_possible", "withdrawal_done"];

/**
 * GET /stats/networks: per network environment, the APR measured over the last 30 days of snapshots (by the
 * rule of measuredApr: none before 7 days of chain time, none absurd; every
 * owner with stake that day; execution rewards paid to an address without stake are no staking yield), next
 * to the reference APR from config; the rewards calculator prefers the measured one. And the total staked:
 * the latest indexed balances of the validators that still stake (read from `validators`, which the indexer
 * updates on every pass, rather than the daily snapshot, so a stake made today counts today).
 */
export async function networkStatsRoutes(app: FastifyInstance, { storage, registry, served }: ReadRouteDependencies) {
  zodRoutes(app).get(
    networkStatsPath,
    {
      schema: {
        summary: "APR per network, measured and configured, and the total staked",
        tags: ["stats"],
        response: { 200: networkStatsResponse },
      },
    },
    async () => {
      const measured = await storage.rows<{
        network: string;
        environment: string;
        rewards_wei: string;
        staked_gwei_days: string;
        days: string | number;
        span_days: string | number | null;
      }>(sql`
      with recent as (
        select network, environment, day, sum(staked_gwei) as staked, sum(consensus_reward_gwei) * 1000000000 + sum(execution_reward_wei) as rewards
        from owner_daily_rewards
        where day > (select max(day) from owner_daily_rewards) - 30 and staked_gwei > 0
        group by network, environment, day
      )
      select network, environment, sum(rewards)::text as rewards_wei, sum(staked)::text as staked_gwei_days, count(*) as days,
        max(day) - min(day) as span_days
      from recent group by network, environment`);
      const staked = await storage.rows<{ network: string; environment: string; balance_gwei: string }>(sql`
      select network, environment, sum(balance_gwei)::text as balance_gwei from validators
      where status not in (${sql.join(
        GONE.map((status) => sql`${status}`),
        sql`, `,
      )})
      group by network, environment`);
      return {
        networks: registry.map((network) => ({
          network: network.slug,
          referenceApr: network.staking.referenceApr ?? null,
          environments: served
            .filter((entry) => entry.network === network.slug && !entry.subNetwork)
            .map((entry) => {
              const row = measured.find(
                (candidate) => candidate.network === network.slug && candidate.environment === entry.environment.id,
              );
              const stakedWeiDays = parseGwei(row?.staked_gwei_days ?? "0");
              const total = staked.find(
                (candidate) => candidate.network === network.slug && candidate.environment === entry.environment.id,
              );
              return {
                environment: entry.environment.id,
                measuredApr: row
                  ? measuredApr({
                      rewardsWei: BigInt(row.rewards_wei),
                      stakedWeiDays,
                      spanDays: Number(row.span_days ?? 0),
                    })
                  : null,
                totalStakedWei: parseGwei(total?.balance_gwei ?? "0"),
              };
            }),
        })),
      };
    },
  );
}

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
 * rule of measuredApr: every owner's rewards of a day with stake over that stake times the epochs they were
 * earned over, none before 1,575 epochs, none absurd; rows whose epochs are unknown do not count; execution
 * rewards paid to an address without stake are no staking yield), next
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
        staked_gwei_epochs: string;
        span_epochs: string;
      }>(sql`
      select network, environment,
        sum(consensus_reward_gwei::numeric * 1000000000 + execution_reward_wei)::text as rewards_wei,
        sum(staked_gwei::numeric * (end_epoch - start_epoch))::text as staked_gwei_epochs,
        (max(end_epoch) - min(start_epoch))::text as span_epochs
      from owner_daily_rewards
      where day > (select max(day) from owner_daily_rewards) - 30 and staked_gwei > 0
        and start_epoch is not null and end_epoch is not null
      group by network, environment`);
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

              const total = staked.find(
                (candidate) => candidate.network === network.slug && candidate.environment === entry.environment.id,
              );
              return {
                environment: entry.environment.id,
                measuredApr: row
                  ? measuredApr({
                      rewardsWei: BigInt(row.rewards_wei),
                      stakedWeiEpochs: parseGwei(row.staked_gwei_epochs),
                      spanEpochs: BigInt(row.span_epochs),
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

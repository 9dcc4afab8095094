import type { FastifyInstance } from "fastify";
import { getAddress, type PublicClient } from "viem";
import { ssvClustersPath, ssvClustersQuery, ssvClustersResponse } from "../../src/core/api/ssv-clusters.ts";
import { ApiError } from "../http/api-error.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { clusterRunway } from "../ssv/cluster-runway.ts";
import { ownerClusters } from "../ssv/owner-clusters.ts";
import { readClusterBalances } from "../ssv/read-cluster-balances.ts";
import type { ReadRouteDependencies } from "./read-route-dependencies.ts";
import { resolveSsvScope } from "./ssv-scope.ts";

/**
 * GET /ssv/clusters: an owner's SSV clusters, each with its operators (fee, verified), its validators, the
 * snapshot the next contract call needs (from the index), its balance now (read from the chain), burn rate and
 * runway.
 */
export async function ssvClusterRoutes(
  app: FastifyInstance,
  { storage, served, chains }: ReadRouteDependencies & { readonly chains: ReadonlyMap<number, PublicClient> },
) {
  zodRoutes(app).get(
    ssvClustersPath,
    {
      schema: {
        summary: "An owner's SSV clusters with balance, burn rate and runway",
        tags: ["ssv"],
        querystring: ssvClustersQuery,
        response: { 200: ssvClustersResponse },
      },
    },
    async (request) => {
      const scope = resolveSsvScope(request.query, served);
      const owner = getAddress(request.query.owner.toLowerCase());
      const clusters = await ownerClusters(storage, {
        network: scope.network,
        environment: scope.environment.id,
        owner,
      });
      if (clusters.length === 0) return { clusters: [] };
      const client = chains.get(scope.environment.chainId);
      if (!client || !scope.views)
        throw new ApiError(503, "not_configured", "This environment's SSV network cannot be read here");
      const figures = await readClusterBalances(client, scope.views, owner, clusters);
      const blocksPerYear = scope.blocksPerDay * 365n;
      return {
        clusters: clusters.map((cluster, position) => {
          const balance = figures.balances[position] ?? 0n;
          const { burnRate, runwayDays } = clusterRunway({
            operatorFees: cluster.operatorFees,
            networkFee: figures.networkFee,
            validatorCount: cluster.validatorCount,
            balance,
            liquidationThresholdPeriod: figures.liquidationThresholdPeriod,
            minimumLiquidationCollateral: figures.minimumLiquidationCollateral,
            blocksPerDay: scope.blocksPerDay,
          });
          return {
            operatorIds: cluster.operatorIds,
            operators: cluster.operators.map((operator, place) => {
              const fee = cluster.operatorFees[place] ?? 0n;
              return {
                id: operator.id,
                fee,
                feePerYear: fee * blocksPerYear,
                verified: scope.verifiedOperators.has(operator.id),
                removed: operator.removed,
              };
            }),
            validators: cluster.validators.map((validator) => ({
              publicKey: validator.publicKey,
              addedAtBlock: Number(validator.addedAtBlock),
            })),
            cluster: {
              validatorCount: cluster.validatorCount,
              networkFeeIndex: cluster.networkFeeIndex,
              index: cluster.index,
              active: cluster.active,
              balance: cluster.balance,
            },
            balance,
            burnRate,
            runwayDays: cluster.active ? runwayDays : 0,
            liquidated: !cluster.active,
          };
        }),
      };
    },
  );
}

import type { FastifyInstance } from "fastify";
import { ssvOperatorsPath, ssvOperatorsQuery, ssvOperatorsResponse } from "../../src/core/api/ssv-operators.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { listSsvOperators } from "../ssv/list-ssv-operators.ts";
import type { ReadRouteDependencies } from "./read-route-dependencies.ts";
import { resolveSsvScope } from "./ssv-scope.ts";

/** GET /ssv/operators: an environment's SSV operators, searched, sorted and paged, with fees and the verified flag. */
export async function ssvOperatorRoutes(app: FastifyInstance, { storage, served }: ReadRouteDependencies) {
  zodRoutes(app).get(
    ssvOperatorsPath,
    {
      schema: {
        summary: "SSV operators to choose a cluster from",
        tags: ["ssv"],
        querystring: ssvOperatorsQuery,
        response: { 200: ssvOperatorsResponse },
      },
    },
    async (request) => {
      const { network, environment, search, sort, order, page, pageSize } = request.query;
      const scope = resolveSsvScope({ network, environment }, served);
      const { rows, total } = await listSsvOperators(storage, {
        network: scope.network,
        environment: scope.environment.id,
        search,
        sort,
        order,
        page,
        pageSize,
      });
      const blocksPerYear = scope.blocksPerDay * 365n;
      return {
        operators: rows.map((row) => ({
          id: row.operatorId,
          owner: row.owner as `0x${string}`,
          publicKey: row.publicKey,
          fee: BigInt(row.feeWei),
          feePerYear: BigInt(row.feeWei) * blocksPerYear,
          validatorCount: row.validatorCount,
          performance: null,
          verified: scope.verifiedOperators.has(row.operatorId),
          removed: row.removed,
        })),
        page,
        pageSize,
        total,
      };
    },
  );
}

import type { FastifyInstance } from "fastify";
import { querySchema } from "./client-query.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";

/**
 * GET getAnalyticsConfig: whether the kit may send analytics to POST /e, from networks/app.json
 * (walletKit.analyticsEnabled, true when absent). The kit sends nothing when this says false, whatever its local
 * analytics flag; a local flag that is off stays off.
 */
export async function analyticsConfigRoute(app: FastifyInstance, { analyticsEnabled }: BlockchainApiDependencies) {
  app.get(
    "/getAnalyticsConfig",
    {
      schema: {
        summary: "Whether the kit sends analytics",
        description: "networks/app.json's walletKit.analyticsEnabled (true when absent).",
        tags: ["blockchain-api"],
        querystring: querySchema({}),
        response: {
          200: {
            type: "object",
            required: ["isAnalyticsEnabled"],
            properties: {
              isAnalyticsEnabled: {
                type: "boolean",
                description: "false: the kit sends no events nor error reports to POST /e.",
              },
            },
          },
        },
      },
    },
    async () => ({ isAnalyticsEnabled: analyticsEnabled }),
  );
}

import type { FastifyInstance } from "fastify";
import {
  analyticsConfigPath,
  analyticsConfigQuery,
  analyticsConfigResponse,
} from "../../src/core/api/blockchain-api.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";

/**
 * GET getAnalyticsConfig: whether the kit may send analytics to POST /e, from networks/app.json
 * (walletKit.analyticsEnabled, true when absent). The kit sends nothing when this says false, whatever its local
 * analytics flag; a local flag that is off stays off.
 */
export async function analyticsConfigRoute(app: FastifyInstance, { analyticsEnabled }: BlockchainApiDependencies) {
  zodRoutes(app).get(
    analyticsConfigPath,
    {
      schema: {
        summary: "Whether the kit sends analytics",
        description: "networks/app.json's walletKit.analyticsEnabled (true when absent).",
        tags: ["blockchain-api"],
        querystring: analyticsConfigQuery,
        response: { 200: analyticsConfigResponse },
      },
    },
    async () => ({ isAnalyticsEnabled: analyticsEnabled }),
  );
}

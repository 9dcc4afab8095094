import type { FastifyInstance } from "fastify";
import { remoteConfigPath, remoteConfigQuery, remoteConfigResponse } from "../../src/core/api/blockchain-api.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";

/** GET appkit/v1/config: the kit's remote feature flags, from networks/app.json (walletKit.remoteFeatures). */
export async function remoteConfigRoute(app: FastifyInstance, { remoteFeatures }: BlockchainApiDependencies) {
  zodRoutes(app).get(
    remoteConfigPath,
    {
      schema: {
        summary: "The kit's remote feature flags",
        description: "The kit merges these over its local flags (modal-kit spec section 3).",
        tags: ["blockchain-api"],
        querystring: remoteConfigQuery,
        response: { 200: remoteConfigResponse },
      },
    },
    async () => ({ features: remoteFeatures }),
  );
}

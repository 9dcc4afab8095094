import type { FastifyInstance } from "fastify";
import { allowedOriginsPath, allowedOriginsQuery, allowedOriginsResponse } from "../../src/core/api/blockchain-api.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";

/** GET projects/v1/origins: the origins allowed to use the kit with this server (CORS_ORIGINS). */
export async function allowedOriginsRoute(app: FastifyInstance, { allowedOrigins }: BlockchainApiDependencies) {
  zodRoutes(app).get(
    allowedOriginsPath,
    {
      schema: {
        summary: "Origins allowed to use the kit with this server",
        description:
          "The server's CORS_ORIGINS. Empty when none is configured, in which case only loopback pages (development) are allowed.",
        tags: ["blockchain-api"],
        querystring: allowedOriginsQuery,
        response: { 200: allowedOriginsResponse },
      },
    },
    async () => ({ allowedOrigins: [...allowedOrigins] }),
  );
}

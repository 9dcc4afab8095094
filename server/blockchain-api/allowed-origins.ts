import type { FastifyInstance } from "fastify";
import { querySchema } from "./client-query.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";

/** GET projects/v1/origins: the origins allowed to use the kit with this server (CORS_ORIGINS). */
export async function allowedOriginsRoute(app: FastifyInstance, { allowedOrigins }: BlockchainApiDependencies) {
  app.get(
    "/projects/v1/origins",
    {
      schema: {
        summary: "Origins allowed to use the kit with this server",
        description:
          "The server's CORS_ORIGINS. Empty when none is configured, in which case only loopback pages (development) are allowed.",
        tags: ["blockchain-api"],
        querystring: querySchema({}),
        response: {
          200: {
            type: "object",
            required: ["allowedOrigins"],
            properties: { allowedOrigins: { type: "array", items: { type: "string" } } },
          },
        },
      },
    },
    async () => ({ allowedOrigins: [...allowedOrigins] }),
  );
}

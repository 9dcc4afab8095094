import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { app as appConfig } from "../../src/generated/index.ts";
import { openApiTransform } from "./openapi-transform.ts";

/**
 * Registers the OpenAPI 3.1 document of one listener, written from its routes' schemas (openApiTransform):
 * the API's at /docs, the secure origin's at /embedded-wallet/openapi.json.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  document: {
    title: string;
    description: string;
    servers?: { url: string; description: string }[];
    components?: { securitySchemes: Record<string, { type: "http"; scheme: string; description: string }> };
  },
): Promise<void> {
  const { title, description, ...rest } = document;
  await app.register(swagger, {
    openapi: { openapi: "3.1.0", info: { title, version: appConfig.version, description }, ...rest },
    transform: openApiTransform,
  });
}

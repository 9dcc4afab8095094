import type { FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";

/**
 * The routes of one plugin, validated and serialized by the business API's zod contract (src/core/api): request
 * types are inferred from its schemas, answers are encoded by them (bigint amounts become decimal strings), and
 * the OpenAPI document is written from them (openApiTransform). Compilers are set on this plugin's context only,
 * so routes elsewhere keep their JSON Schemas.
 */
export function zodRoutes(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app.withTypeProvider<ZodTypeProvider>();
}

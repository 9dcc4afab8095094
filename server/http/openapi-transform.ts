import type { SwaggerTransform } from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { $ZodType } from "zod/v4/core";

/** True when a route's schema is written in zod (the business API's contract) rather than in JSON Schema. */
function isZodSchema(schema: Record<string, unknown> | undefined): boolean {
  if (!schema) return false;
  const parts = [schema.querystring, schema.body, schema.params, schema.headers];
  const responses = Object.values((schema.response ?? {}) as Record<string, unknown>);
  return [...parts, ...responses].some((part) => part instanceof $ZodType);
}

/** The OpenAPI document's view of a route: zod schemas turned into JSON Schema, JSON Schemas as written. */
export const openApiTransform: SwaggerTransform = (document) =>
  isZodSchema(document.schema as Record<string, unknown> | undefined)
    ? (jsonSchemaTransform as SwaggerTransform)(document)
    : { schema: document.schema, url: document.url };

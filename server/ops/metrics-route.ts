import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import type { ServerMetrics } from "./metrics.ts";

/**
 * GET /metrics (Authorization: Bearer METRICS_TOKEN): this instance's metrics in Prometheus' text format.
 * Registered only with METRICS_TOKEN; a scraper's token grants nothing else (not /ops/*).
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, token }: { metrics: ServerMetrics; token: string },
) {
  const expected = Buffer.from(`Bearer ${token}`);
  app.get(
    "/metrics",
    { schema: { summary: "Prometheus metrics (bearer METRICS_TOKEN)", tags: ["health"], hide: true } },
    async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new ApiError(401, "unauthorized", "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>");
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}

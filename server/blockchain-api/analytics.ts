import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import { originAllowed } from "../http/origin-allowed.ts";
import { analyticsEvents } from "../storage/schema.ts";
import { querySchema } from "./client-query.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";

/** Serialized props above this are refused: events are small; a stack trace fits comfortably. */
export const PROPS_MAX_BYTES = 16_384;

/**
 * POST e: stores an analytics event or error report from the kit (modal-kit spec section 7) in PostgreSQL.
 * Only pages of an allowed origin may post (403 'Invalid App Configuration' otherwise, as the kit expects), and
 * each origin at most eventsPerMinute times a minute (429 beyond). When networks/app.json turns analytics off
 * (walletKit.analyticsEnabled false, as getAnalyticsConfig says), a kit that posts anyway gets the same checks
 * and the same 204, but nothing is stored: it sees no error to report or retry.
 */
export async function analyticsRoute(
  app: FastifyInstance,
  {
    storage,
    allowedOrigins,
    analyticsEnabled,
    eventsPerMinute,
  }: BlockchainApiDependencies & { eventsPerMinute: number },
) {
  app.post(
    "/e",
    {
      config: {
        rateLimit: {
          max: eventsPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request) => `analytics:${request.headers.origin ?? request.ip}`,
        },
      },
      schema: {
        summary: "Record an analytics event or error report",
        description: `Accepted from allowed page origins only, at most ANALYTICS_EVENTS_PER_MINUTE per origin per minute. props at most ${PROPS_MAX_BYTES} bytes as JSON. When networks/app.json's walletKit.analyticsEnabled is false (getAnalyticsConfig answers false), a valid event is answered 204 all the same and not stored.`,
        tags: ["blockchain-api"],
        querystring: querySchema({}),
        body: {
          type: "object",
          required: ["eventId", "url", "domain", "timestamp", "props"],
          properties: {
            eventId: { type: "string", minLength: 1, maxLength: 64, description: "Unique id of the event (a UUID)." },
            url: { type: "string", minLength: 1, maxLength: 2048, description: "The page's URL." },
            domain: { type: "string", minLength: 1, maxLength: 253, description: "The page's host name." },
            timestamp: { type: "integer", minimum: 0, description: "When it happened, Unix milliseconds." },
            props: {
              type: "object",
              description:
                "Event data (event, address, properties) or error data (errorType, errorMessage, stackTrace).",
            },
          },
        },
        response: {
          204: { type: "null", description: "Stored; or, with analytics turned off in networks/app.json, discarded." },
        },
      },
    },
    async (request, reply) => {
      const origin = request.headers.origin;
      if (!originAllowed(origin, allowedOrigins)) {
        throw new ApiError(
          403,
          "invalid_app_configuration",
          "Invalid App Configuration: this page's origin is not on the server's allowlist (CORS_ORIGINS)",
        );
      }
      const { projectId } = request.query as { projectId: string };
      const body = request.body as {
        eventId: string;
        url: string;
        domain: string;
        timestamp: number;
        props: Record<string, unknown>;
      };
      if (!URL.canParse(body.url)) throw new ApiError(400, "invalid_body", "url: expected an absolute URL", "url");
      const occurredAt = new Date(body.timestamp);
      if (Number.isNaN(occurredAt.getTime())) {
        throw new ApiError(400, "invalid_body", "timestamp: expected Unix milliseconds", "timestamp");
      }
      if (Buffer.byteLength(JSON.stringify(body.props)) > PROPS_MAX_BYTES) {
        throw new ApiError(400, "invalid_body", `props: expected at most ${PROPS_MAX_BYTES} bytes as JSON`, "props");
      }
      if (!analyticsEnabled) return reply.code(204).send();
      await storage.db.insert(analyticsEvents).values({
        origin,
        projectId,
        eventId: body.eventId,
        url: body.url,
        domain: body.domain,
        occurredAt,
        props: body.props,
      });
      return reply.code(204).send();
    },
  );
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { analyticsEvent, analyticsPath, analyticsQuery } from "../../src/core/api/blockchain-api.ts";
import { ApiError } from "../http/api-error.ts";
import { originAllowed } from "../http/origin-allowed.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { takeOrRefuse } from "../limits/take-or-refuse.ts";
import { AnalyticsStore } from "./analytics-store.ts";
import type { BlockchainApiDependencies } from "./dependencies.ts";

/** Serialized props above this are refused: events are small; a stack trace fits comfortably. */
export const PROPS_MAX_BYTES = 16_384;

/**
 * POST e: stores an analytics event or error report from the kit (modal-kit spec section 7) in PostgreSQL.
 * Only pages of an allowed origin may post (403 'Invalid App Configuration' otherwise, as the kit expects). Each
 * client address (request.ip, so TRUST_PROXY decides whether X-Forwarded-For counts) and each origin are limited
 * apart, per minute (429 with Retry-After beyond): the Origin header is the client's word, so it alone cannot be
 * the key. Events expire after ANALYTICS_RETENTION_DAYS and at most ANALYTICS_MAX_EVENTS are kept (507 beyond).
 * When networks/app.json turns analytics off (walletKit.analyticsEnabled false, as getAnalyticsConfig says), a
 * kit that posts anyway gets the same checks and the same 204, but nothing is stored.
 */
export async function analyticsRoute(
  app: FastifyInstance,
  { storage, allowedOrigins, analyticsEnabled, counter, limits }: BlockchainApiDependencies,
) {
  const store = new AnalyticsStore(storage, limits);
  if (analyticsEnabled) {
    store.start((error) => app.log.warn({ err: error }, "deleting expired analytics events failed"));
    app.addHook("onClose", async () => store.stop());
  }
  /** Before the body is validated (after the JSON parser's depth check): a refused request costs one counter update. */
  const admit = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!originAllowed(origin, allowedOrigins)) {
      throw new ApiError(
        403,
        "invalid_app_configuration",
        "Invalid App Configuration: this page's origin is not on the server's allowlist (CORS_ORIGINS)",
      );
    }
    const perMinute = 60_000;
    await takeOrRefuse(counter, `analytics:client:${request.ip}`, {
      max: limits.eventsPerMinutePerClient,
      windowMs: perMinute,
      per: "per client address",
    });
    await takeOrRefuse(counter, `analytics:origin:${origin}`, {
      max: limits.eventsPerMinutePerOrigin,
      windowMs: perMinute,
      per: "per page origin",
    });
  };
  zodRoutes(app).post(
    analyticsPath,
    {
      preValidation: admit,
      schema: {
        summary: "Record an analytics event or error report",
        description: `Accepted from allowed page origins only, at most ANALYTICS_CLIENT_EVENTS_PER_MINUTE per client address and ANALYTICS_EVENTS_PER_MINUTE per origin a minute (429 with Retry-After beyond). props at most ${PROPS_MAX_BYTES} bytes as JSON. Events are kept ANALYTICS_RETENTION_DAYS days (30 by default); when ANALYTICS_MAX_EVENTS are stored, new ones are refused with 507. When networks/app.json's walletKit.analyticsEnabled is false (getAnalyticsConfig answers false), a valid event is answered 204 all the same and not stored.`,
        tags: ["blockchain-api"],
        querystring: analyticsQuery,
        body: analyticsEvent,
        response: {
          204: z.null().register(z.globalRegistry, {
            description: "Stored; or, with analytics turned off in networks/app.json, discarded.",
          }),
        },
      },
    },
    async (request, reply) => {
      const origin = request.headers.origin as string; // checked by admit
      const { projectId } = request.query;
      const { body } = request;
      if (!URL.canParse(body.url)) throw new ApiError(400, "invalid_body", "url: expected an absolute URL", "url");
      const occurredAt = new Date(body.timestamp);
      if (Number.isNaN(occurredAt.getTime())) {
        throw new ApiError(400, "invalid_body", "timestamp: expected Unix milliseconds", "timestamp");
      }
      if (Buffer.byteLength(JSON.stringify(body.props)) > PROPS_MAX_BYTES) {
        throw new ApiError(400, "invalid_body", `props: expected at most ${PROPS_MAX_BYTES} bytes as JSON`, "props");
      }
      if (!analyticsEnabled) return reply.code(204).send(null);
      const { eventId, url, domain, props } = body;
      const stored = await store.add({ origin, projectId, eventId, url, domain, occurredAt, props });
      if (stored === "full") {
        throw new ApiError(
          507,
          "analytics_full",
          `Analytics storage is full: this server keeps at most ${limits.maxEvents} events (ANALYTICS_MAX_EVENTS), each for ${limits.retentionDays} days; the event was not stored`,
        );
      }
      return reply.code(204).send(null);
    },
  );
}

import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { ServerConfig } from "../config/env.ts";
import { fastifyTrustProxy } from "../config/trust-proxy.ts";
import type { SharedCounter } from "../limits/shared-counter.ts";
import { sharedRateLimitStore } from "../limits/shared-rate-limit-store.ts";
import { ApiError } from "./api-error.ts";
import { installErrorHandlers } from "./error-handler.ts";
import { type HttpLimits, httpServerOptions } from "./http-server-limits.ts";
import { installJsonBodyParser } from "./json-body-parser.ts";
import { type LoggerSettings, loggerOptions } from "./logger-options.ts";

/** What the shared Fastify set-up reads of the server's configuration: logging, TRUST_PROXY, HTTP limits. */
export type BaseServerSettings = LoggerSettings & HttpLimits & Pick<ServerConfig, "TRUST_PROXY">;

export interface BaseServerOptions {
  readonly config: BaseServerSettings;
  readonly bodyLimit: number;
  /** Rate limits count here (PostgreSQL), so they hold across every instance on the database. */
  readonly counter: SharedCounter;
  /** false: no log lines (tests), unless logStream is given. */
  readonly logger?: boolean;
  /** Where log lines go (default stdout); tests read them. */
  readonly logStream?: { write(line: string): void };
  readonly ajv?: FastifyServerOptions["ajv"];
}

/**
 * The Fastify set-up every listener of this server shares (the API's and the secure origin's): the logger with
 * secrets and Authorization redacted, TRUST_PROXY, the HTTP time-outs, the API's JSON error bodies (never a 500
 * for a request's fault), the JSON body parser, and route rate limits answered 429 rate_limited with Retry-After.
 * Each caller adds its own security headers, CORS and routes.
 */
export async function buildBaseServer(options: BaseServerOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false && !options.logStream
        ? false
        : { ...loggerOptions(config), ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: options.bodyLimit,
    // Fastify's default of 10 s per plugin is too short for a start on a busy machine (two stacks starting at
    // once on 2 cores took longer for the API docs plugin); a plugin that hangs still stops the start in a minute.
    pluginTimeout: 60_000,
    ...(options.ajv ? { ajv: options.ajv } : {}),
    ...httpServerOptions(config),
  });
  installErrorHandlers(app);
  installJsonBodyParser(app);
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(options.counter),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        "rate_limited",
        `Too many requests: at most ${context.max} per minute; retry after ${context.after}`,
        undefined,
        Math.ceil(context.ttl / 1000),
      ),
  });
  return app;
}

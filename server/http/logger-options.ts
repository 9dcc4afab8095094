import type { FastifyServerOptions } from "fastify";
import type { ServerConfig } from "../config/env.ts";

/** What the logger reads of the server's configuration. */
export type LoggerSettings = Pick<ServerConfig, "LOG_LEVEL" | "SECRET_VALUES">;

/**
 * The server's pino options: the level, the Authorization header redacted, and every secret value of the
 * environment (upstream URLs with their keys, the database URL, seeds) replaced in each line before it is
 * written. Errors from HTTP clients carry the URL they called, and the indexer and proxy log those errors.
 */
export function loggerOptions(config: LoggerSettings): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  // As written in a JSON line: the value itself, and with JSON's escapes when it has quotes or backslashes.
  const forms = [...new Set(config.SECRET_VALUES.flatMap((value) => [value, JSON.stringify(value).slice(1, -1)]))]
    .filter((form) => form.length >= 6)
    .sort((a, b) => b.length - a.length);
  return {
    level: config.LOG_LEVEL,
    redact: ["req.headers.authorization"],
    hooks: {
      streamWrite: (line: string) =>
        forms.reduce((text, secret) => (text.includes(secret) ? text.replaceAll(secret, "[secret]") : text), line),
    },
  };
}

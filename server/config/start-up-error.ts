import type { ServerConfig } from "./env.ts";
import { redactSecrets } from "./secret-values.ts";

/** The innermost cause of an error: drivers wrap the network or server error that says what happened. */
function innermost(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 10 && current instanceof Error && current.cause !== undefined; depth++) {
    current = current.cause;
  }
  return current;
}

function reasonOf(error: unknown): string {
  const cause = innermost(error);
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  return typeof code === "string" && !cause.message.includes(code) ? `${cause.message} (${code})` : cause.message;
}

/** Where the database is, without user name or password: host, port and database name. */
function databaseTarget(config: Pick<ServerConfig, "DATABASE_URL" | "DATA_DIR">): string {
  if (!config.DATABASE_URL) return `the embedded database in DATA_DIR (${config.DATA_DIR})`;
  try {
    const url = new URL(config.DATABASE_URL);
    const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || "(default)";
    return `PostgreSQL at DATABASE_URL (host ${url.hostname}:${url.port || "5432"}, database ${database})`;
  } catch {
    return "PostgreSQL at DATABASE_URL (which is not a URL this server can read)";
  }
}

/**
 * One line for an operator when start-up fails after the environment was read: what could not be done, where,
 * and the underlying reason, with every secret of the environment replaced by its variable's name.
 */
export function startUpErrorMessage(
  stage: "database" | "listen",
  error: unknown,
  config: Pick<ServerConfig, "DATABASE_URL" | "DATA_DIR" | "HOST" | "PORT">,
  env: NodeJS.ProcessEnv,
): string {
  const what =
    stage === "database"
      ? `${databaseTarget(config)} cannot be opened`
      : `it cannot listen on ${config.HOST}:${config.PORT} (HOST, PORT)`;
  return redactSecrets(`The server cannot start: ${what}: ${reasonOf(error)}`, env);
}

/** PostgreSQL's codes for "the server is going away or not accepting connections" (class 08, 57P01-57P03). */
const UNAVAILABLE_SQLSTATES = new Set(["08000", "08001", "08003", "08006", "57P01", "57P02", "57P03"]);
/** Node's socket errors when the database server is down or restarting. */
const UNAVAILABLE_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND"]);
const UNAVAILABLE_MESSAGES = /Connection terminated|Client has encountered a connection error|terminating connection/i;

/**
 * Whether an error (or any error in its `cause` chain: the query layer wraps the driver's) means the database
 * could not be reached, rather than that the query was wrong: such a request is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Bindings, ChildLoggerOptions } from "pino";

type LogArguments = Parameters<FastifyBaseLogger["warn"]>;

const noop = () => {};

/**
 * A request's logger that writes at warn and above only, as a route with `logLevel: "warn"` would: the same lines,
 * from the same child of the server's logger (its serializers, redaction and secret filter), but that child is
 * made when the request first writes a line. Fastify makes a child logger for every request, and one with a level
 * of its own rebuilds every log method (pino's setLevel) each time; on a route that answers thousands of small
 * requests a second and writes nothing for most of them, that was the largest cost after the network.
 */
class WarnOnlyRequestLogger {
  readonly level = "warn";
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, { level: "warn" });
    return this.made;
  }

  trace = noop;
  debug = noop;
  info = noop;
  silent = noop;

  warn(...args: LogArguments): void {
    this.real().warn(...args);
  }

  error(...args: LogArguments): void {
    this.real().error(...args);
  }

  fatal(...args: LogArguments): void {
    this.real().fatal(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** The route option `childLoggerFactory` for routes whose requests log at warn and above only. */
export const warnOnlyRequestLogger: FastifyInstance["childLoggerFactory"] = (logger, bindings) =>
  new WarnOnlyRequestLogger(logger, bindings) as unknown as FastifyBaseLogger;

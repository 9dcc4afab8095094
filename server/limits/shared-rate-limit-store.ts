import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { SharedCounter } from "./shared-counter.ts";

/**
 * A @fastify/rate-limit store (its `store` option) counting in PostgreSQL through a SharedCounter, so a route's
 * limit (`config.rateLimit`) holds across every server instance on the database. Each route counts apart (its
 * method and path prefix the key). A refused request is not counted, so a client over the limit is let in again
 * once the window ends.
 */
export function sharedRateLimitStore(counter: SharedCounter): FastifyRateLimitStoreCtor {
  class SharedStore {
    constructor(private readonly scope = "global") {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      counter.take(`route:${this.scope}:${key}`, 1, max, timeWindow).then(
        (taken) => callback(null, { current: taken.ok ? taken.used : taken.used + 1, ttl: taken.msLeft }),
        (error: Error) => callback(error),
      );
    }

    /** The plugin passes the route's merged limit options, the route itself under `routeInfo`. */
    child(options: { routeInfo?: { method?: string | string[]; url?: string } }): SharedStore {
      const method = options.routeInfo?.method;
      return new SharedStore(`${Array.isArray(method) ? method.join(",") : method} ${options.routeInfo?.url}`);
    }
  }
  // The plugin's typings name the child's argument RouteOptions; at run time it is the merged options above.
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}

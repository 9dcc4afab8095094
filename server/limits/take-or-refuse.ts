import { ApiError } from "../http/api-error.ts";
import type { SharedCounter } from "./shared-counter.ts";

/** One limit: at most `max` hits per `windowMs` for each key, named for people in `per` ("per client address"). */
export interface Limit {
  readonly max: number;
  readonly windowMs: number;
  /** What one key stands for, in the refusal's text: "per client address", "per page origin". */
  readonly per: string;
}

const windowText = (ms: number) =>
  ms === 60_000 ? "a minute" : ms === 3_600_000 ? "an hour" : ms === 86_400_000 ? "a day" : `${ms / 1000} s`;

/**
 * Counts one hit of `key` against `limit` in PostgreSQL (shared by every instance); over the limit, throws a 429
 * `rate_limited` with Retry-After (the seconds until the key's window ends) and nothing is counted.
 */
export async function takeOrRefuse(counter: SharedCounter, key: string, limit: Limit): Promise<void> {
  const taken = await counter.take(`limit:${key}`, 1, limit.max, limit.windowMs);
  if (taken.ok) return;
  const seconds = Math.max(1, Math.ceil(taken.msLeft / 1000));
  throw new ApiError(
    429,
    "rate_limited",
    `Too many requests: at most ${limit.max} ${windowText(limit.windowMs)} ${limit.per}; retry after ${seconds} s`,
    undefined,
    seconds,
  );
}

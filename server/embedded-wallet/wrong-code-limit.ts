import { ApiError } from "../http/api-error.ts";
import type { SharedCounter } from "../limits/shared-counter.ts";

/** Wrong codes one address (or account) may enter in an hour, whatever codes they were for. */
export const WRONG_CODES_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

const WRONG = new Set(["otp_wrong", "otp_too_many_tries"]);

/**
 * Caps guessing across codes: each code allows 5 wrong tries, and a new code can be had every 30 s, so without
 * this an attacker could try about ten codes a minute against one address for as long as they like. Counted in
 * PostgreSQL, so it holds across instances; while the cap is reached, no code is even checked.
 */
export class WrongCodeLimit {
  constructor(private readonly counter: SharedCounter) {}

  async guard<T>(subject: string, check: () => Promise<T>): Promise<T> {
    const key = `embedded-wallet-wrong-codes:${subject}`;
    const seen = await this.counter.take(key, 0, WRONG_CODES_PER_HOUR, HOUR_MS);
    if (seen.used >= WRONG_CODES_PER_HOUR) {
      const minutes = Math.max(1, Math.ceil(seen.msLeft / 60_000));
      throw new ApiError(
        429,
        "otp_locked",
        `Too many wrong codes: try again after ${minutes} ${minutes === 1 ? "minute" : "minutes"}`,
        "otp",
        Math.ceil(seen.msLeft / 1000),
      );
    }
    try {
      return await check();
    } catch (error) {
      if (error instanceof ApiError && WRONG.has(error.code))
        await this.counter.take(key, 1, WRONG_CODES_PER_HOUR, HOUR_MS);
      throw error;
    }
  }
}

import type { HttpStatusError } from "../errors/kit-error.ts";

/** Why the allowed origins could not be read (spec section 8). */
export type OriginsErrorCode = "RATE_LIMITED" | "SERVER_ERROR";

/** The allowed origins could not be read; the modal shows the matching alert, not this error. */
export class AllowedOriginsError extends Error {
  override name = "AllowedOriginsError";
  readonly code: OriginsErrorCode;
  constructor(code: OriginsErrorCode, cause: HttpStatusError) {
    super(`${code}: GET projects/v1/origins answered ${cause.message}`, { cause });
    this.code = code;
  }
}

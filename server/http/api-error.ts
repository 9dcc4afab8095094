/** The body of every error the API returns. */
export interface ErrorBody {
  /** Stable, machine-readable code ("invalid_query", "not_found"). */
  readonly code: string;
  /** What went wrong and what is expected, for a person. */
  readonly message: string;
  /** The request field at fault, when one is. */
  readonly field?: string;
}

/** An error a route throws on purpose; the error handler sends it as is. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Seconds, for 429 / 502 / 503. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  get body(): ErrorBody {
    return this.field === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, field: this.field };
  }
}

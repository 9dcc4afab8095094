/** A locale key under "modalKit.errors" in locales/*.json. */
export type KitErrorKey = `modalKit.errors.${string}`;

export interface KitErrorOptions {
  readonly cause?: unknown;
  /** Extra facts for logs, never shown to the user. */
  readonly details?: string;
  /** Values for the locale text's placeholders. */
  readonly values?: Readonly<Record<string, string | number>>;
}

/**
 * Base of the kit's errors: `message` is the English text for logs, `shortMessage` the locale key the modal
 * shows (translated), `values` fills the key's placeholders.
 */
export class KitError extends Error {
  override name = "KitError";
  readonly shortMessage: KitErrorKey;
  readonly details: string | undefined;
  readonly values: Readonly<Record<string, string | number>>;

  constructor(message: string, shortMessage: KitErrorKey, options: KitErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = shortMessage;
    this.details = options.details;
    this.values = options.values ?? {};
  }
}

/**
 * Any non-OK HTTP response (spec section 8): 'HTTP status code: {n}', the response kept as cause, and the
 * server's first reason (the `message` of its JSON error body) when the caller read one.
 */
export class HttpStatusError extends KitError {
  override name = "HttpStatusError";
  readonly status: number;
  readonly reason: string | undefined;

  constructor(response: Response, reason?: string) {
    super(`HTTP status code: ${response.status}`, "modalKit.errors.httpStatus", {
      cause: response,
      values: { status: response.status },
    });
    this.status = response.status;
    this.reason = reason;
  }
}

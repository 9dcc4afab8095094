/**
 * Base of the app's errors. `shortMessage` is a locale key (what the user sees), `values` fill its
 * placeholders, `details` are for logs.
 */
export class AppError extends Error {
  readonly shortMessage: string;
  readonly values: Readonly<Record<string, string | number>>;
  readonly details: string | undefined;

  constructor(
    shortMessage: string,
    options: { cause?: unknown; details?: string; values?: Record<string, string | number> } = {},
  ) {
    super(options.details ? `${shortMessage}: ${options.details}` : shortMessage, { cause: options.cause });
    this.name = "AppError";
    this.shortMessage = shortMessage;
    this.values = options.values ?? {};
    this.details = options.details;
  }
}

/** The backend could not be reached (offline, refused, CORS, DNS). */
export class ApiUnreachableError extends AppError {
  /** `request` is the method and address, such as "POST http://127.0.0.1:8787/contact". */
  constructor(request: string, cause: unknown) {
    super("errors.network", { cause, details: `${request} failed before a response` });
    this.name = "ApiUnreachableError";
  }
}

/** The backend answered with a status other than 2xx; `code` and `field` come from its `{ code, message, field? }` body. */
export class ApiResponseError extends AppError {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;

  constructor(url: string, status: number, body: { code?: string; message?: string; field?: string }) {
    super("errors.status", { details: `${url} → ${status} ${body.message ?? ""}`.trim(), values: { status } });
    this.name = "ApiResponseError";
    this.status = status;
    this.code = body.code;
    this.field = body.field;
  }
}

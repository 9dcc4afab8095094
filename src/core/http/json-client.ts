/**
 * The one HTTP client of the app, the wallet kit and the secure frame: JSON requests and answers, the caller's
 * AbortSignal, the status check, and a refusal's `{ code, message, field? }` body parsed for the caller's typed
 * error. The core compiles without the Fetch API's types, so the caller hands in its `fetch` (the global one in
 * browsers, workers and Node) and the types below name only the parts this client uses.
 */

/** The part of an AbortSignal this client reads: an aborted request rethrows the fetch error as it is. */
export interface AbortSignalLike {
  readonly aborted: boolean;
}

/** The part of a fetch Response this client reads. */
export interface FetchResponseLike {
  readonly ok: boolean;
  readonly status: number;
  text(): Promise<string>;
}

/** What this client passes to fetch (undefined members mean absent, as in the Fetch API). */
export interface FetchInit<Signal extends AbortSignalLike> {
  method: string;
  headers: Record<string, string>;
  body?: string | undefined;
  signal?: Signal | undefined;
  keepalive?: boolean | undefined;
}

export type FetchLike<Signal extends AbortSignalLike, Response extends FetchResponseLike> = (
  url: string,
  init: FetchInit<Signal>,
) => Promise<Response>;

/** The fields of a refusal's JSON body, each present when the body has it with the right type. */
export interface ErrorBody {
  code?: string;
  message?: string;
  field?: string;
  /** Seconds to wait before retrying (the embedded wallet's login e-mail throttle). */
  retryAfterSeconds?: number;
}

/** A non-2xx answer, handed to the caller's `statusError`. */
export interface StatusFailure<Response extends FetchResponseLike> {
  /** "GET", "POST", ... */
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly body: ErrorBody;
  /** The answer itself (its body already read). */
  readonly response: Response;
}

export interface JsonClientOptions<Signal extends AbortSignalLike, Response extends FetchResponseLike> {
  readonly fetch: FetchLike<Signal, Response>;
  /** The error a non-2xx answer throws. */
  readonly statusError: (failure: StatusFailure<Response>) => Error;
  /**
   * The error thrown when no answer arrives (`request` is "METHOD url"); without it, fetch's own error. An
   * aborted request always rethrows fetch's error (an AbortError, or the signal's reason).
   */
  readonly unreachableError?: (request: string, cause: unknown) => Error;
  /** Headers sent with every request, read at each request (such as a session's Authorization). */
  readonly headers?: () => Record<string, string>;
}

export interface JsonRequest<Signal extends AbortSignalLike> {
  readonly method?: "GET" | "POST" | "PUT" | "DELETE";
  /** An absolute URL, or one relative to the page; `urlWithQuery` appends a query. */
  readonly url: string;
  /** Sent as JSON when defined. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: Signal | undefined;
  /** Lets the request outlive the page (analytics sent while the page unloads). */
  readonly keepalive?: boolean;
}

export interface JsonClient<Signal extends AbortSignalLike, Response extends FetchResponseLike> {
  /** Sends the request and returns its JSON answer: null for an empty answer or one that is not JSON. */
  json(request: JsonRequest<Signal>): Promise<unknown>;
  /** Sends the request and returns the answer unread, once its status is 2xx (for an answer that is not JSON). */
  send(request: JsonRequest<Signal>): Promise<Response>;
}

const ERROR_BODY_TYPES = { code: "string", message: "string", field: "string", retryAfterSeconds: "number" } as const;

/** The fields of a refusal's body that have the expected types; none for a body that is not a JSON object. */
export function parseErrorBody(value: unknown): ErrorBody {
  const body: Record<string, unknown> = {};
  if (typeof value !== "object" || value === null) return body;
  for (const [key, type] of Object.entries(ERROR_BODY_TYPES)) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field === type) body[key] = field;
  }
  return body;
}

/** The JSON in `text`; null when it is empty or not JSON. */
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** `url` (absolute) with `query` appended; undefined values are left out. */
export function urlWithQuery(url: string, query: Readonly<Record<string, string | number | undefined>>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) target.searchParams.set(key, String(value));
  }
  return target.toString();
}

export function createJsonClient<Signal extends AbortSignalLike, Response extends FetchResponseLike>(
  options: JsonClientOptions<Signal, Response>,
): JsonClient<Signal, Response> {
  async function exchange(
    { method = "GET", url, body, headers, signal, keepalive }: JsonRequest<Signal>,
    accept: object,
  ) {
    let response: Response;
    try {
      response = await options.fetch(url, {
        method,
        headers: {
          ...options.headers?.(),
          ...headers,
          ...accept,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        keepalive,
      });
    } catch (cause) {
      if (signal?.aborted || !options.unreachableError) throw cause;
      throw options.unreachableError(`${method} ${url}`, cause);
    }
    if (!response.ok) {
      const refusal = parseErrorBody(parseJson(await response.text().catch(() => "")));
      throw options.statusError({ method, url, status: response.status, body: refusal, response });
    }
    return response;
  }
  return {
    async json(request) {
      const response = await exchange(request, { accept: "application/json" });
      return parseJson(await response.text());
    },
    send: (request) => exchange(request, {}),
  };
}

import { ApiResponseError, ApiUnreachableError } from "../core/app-error.ts";
import { createJsonClient, urlWithQuery } from "../core/http/json-client.ts";

/** The staking server's client: ApiUnreachableError when no answer arrives, ApiResponseError for a non-2xx status. */
const client = createJsonClient<AbortSignal, Response>({
  fetch: (url, init) => fetch(url, init),
  statusError: ({ url, status, body }) => new ApiResponseError(url, status, body),
  unreachableError: (request, cause) => new ApiUnreachableError(request, cause),
});

/**
 * POSTs JSON to `url` and returns the parsed JSON answer (or null for an empty one).
 * Throws ApiUnreachableError when no answer arrives and ApiResponseError for a non-2xx status.
 */
export function postJson(
  url: string,
  body: unknown,
  signal?: AbortSignal,
  /** Extra request headers, such as a sign-in session's Authorization. */
  headers: Record<string, string> = {},
): Promise<unknown> {
  return client.json({ method: "POST", url, body, signal, headers });
}

/**
 * GETs `url` (with `query` appended; undefined values are left out) and returns the parsed JSON answer.
 * Throws like postJson.
 */
export function getJson(
  url: string,
  query: Record<string, string | number | undefined> = {},
  signal?: AbortSignal,
  /** Extra request headers, such as a sign-in session's Authorization. */
  headers: Record<string, string> = {},
): Promise<unknown> {
  return client.json({ url: urlWithQuery(url, query), signal, headers });
}

/** Sends a request whose answer is not read (such as a 204), with the same errors as postJson. */
export async function sendRequest(
  method: "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string> = {},
): Promise<void> {
  await client.send({ method, url, headers });
}

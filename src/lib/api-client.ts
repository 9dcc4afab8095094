import { ApiResponseError, ApiUnreachableError } from "../core/app-error.ts";

interface ErrorBody {
  code?: string;
  message?: string;
  field?: string;
}

function asErrorBody(value: unknown): ErrorBody {
  if (typeof value !== "object" || value === null) return {};
  const record = value as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === "string" ? (record[key] as string) : undefined);
  return { code: text("code"), message: text("message"), field: text("field") };
}

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
  return requestJson(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    signal,
  });
}

/**
 * GETs `url` (with `query` appended; undefined values are left out) and returns the parsed JSON answer.
 * Throws like postJson.
 */
export function getJson(
  url: string,
  query: Record<string, string | number | undefined> = {},
  signal?: AbortSignal,
): Promise<unknown> {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) target.searchParams.set(key, String(value));
  }
  return requestJson(target.toString(), { method: "GET", headers: { accept: "application/json" }, signal });
}

async function requestJson(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiUnreachableError(`${init.method ?? "GET"} ${url}`, cause);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) throw new ApiResponseError(url, response.status, asErrorBody(parsed));
  return parsed;
}

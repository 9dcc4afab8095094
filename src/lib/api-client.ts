import { ApiResponseError, ApiUnreachableError } from "./app-error.ts";

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
export async function postJson(url: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiUnreachableError(url, cause);
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

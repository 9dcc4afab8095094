import type { $ZodType, output } from "zod/v4/core";
import { parseApiResponse } from "../../core/api/parse-api-response.ts";
import { getJson } from "../api-client.ts";
import { apiUrl } from "../app-environment.ts";

/**
 * GETs a business API path of this build's backend with `query` and checks the answer against the route's
 * response schema. Throws ApiUnreachableError, ApiResponseError or UnexpectedApiResponseError.
 */
export async function readApi<S extends $ZodType>(
  path: string,
  response: S,
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<output<S>> {
  const url = apiUrl(path);
  return parseApiResponse(response, await getJson(url, query, signal), `GET ${url}`);
}

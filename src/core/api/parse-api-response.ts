import { type $ZodType, type output, safeParse } from "zod/v4/core";
import { UnexpectedApiResponseError } from "./unexpected-api-response-error.ts";

export { UnexpectedApiResponseError };

/**
 * Checks a backend answer against its zod schema; throws UnexpectedApiResponseError naming the first problems.
 */
export function parseApiResponse<S extends $ZodType>(schema: S, value: unknown, request: string): output<S> {
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"} ${issue.message}`)
    .join("; ");
  throw new UnexpectedApiResponseError(request, issues);
}

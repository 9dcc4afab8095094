import { type $ZodType, type output, safeParse } from "zod/v4/core";
import { AppError } from "../../lib/app-error.ts";

/** The backend answered, but not in the shape this app expects (an older or newer server, a proxy's page). */
export class UnexpectedApiResponseError extends AppError {
  constructor(request: string, issues: string) {
    super("errors.unexpectedResponse", { details: `${request}: ${issues}` });
    this.name = "UnexpectedApiResponseError";
  }
}

/**
 * Checks a backend answer against its schema (zod or zod/mini, the latter where page weight matters);
 * throws UnexpectedApiResponseError naming the first problems.
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

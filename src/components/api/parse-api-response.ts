import type { z } from "zod";
import { AppError } from "../../lib/app-error.ts";

/** The backend answered, but not in the shape this app expects (an older or newer server, a proxy's page). */
export class UnexpectedApiResponseError extends AppError {
  constructor(request: string, issues: string) {
    super("errors.unexpectedResponse", { details: `${request}: ${issues}` });
    this.name = "UnexpectedApiResponseError";
  }
}

/** Checks a backend answer against its schema; throws UnexpectedApiResponseError naming the first problems. */
export function parseApiResponse<S extends z.ZodType>(schema: S, value: unknown, request: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"} ${issue.message}`)
    .join("; ");
  throw new UnexpectedApiResponseError(request, issues);
}

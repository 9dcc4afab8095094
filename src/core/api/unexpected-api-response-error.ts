import { AppError } from "../app-error.ts";

/** The backend answered, but not in the shape this app expects (an older or newer server, a proxy's page). */
export class UnexpectedApiResponseError extends AppError {
  constructor(request: string, issues: string) {
    super("errors.unexpectedResponse", { details: `${request}: ${issues}` });
    this.name = "UnexpectedApiResponseError";
  }
}

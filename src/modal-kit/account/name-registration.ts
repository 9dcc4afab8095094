import { HttpStatusError, KitError } from "../errors/kit-error.ts";

/**
 * The message an account signs to register a name (spec section 9: it includes a timestamp in seconds):
 * JSON of the full name, its attributes and the Unix time in seconds.
 */
export function nameRegistrationMessage(fullName: string, nowMs: number): string {
  return JSON.stringify({ name: fullName, attributes: {}, timestamp: Math.floor(nowMs / 1000) });
}

/**
 * 'Error registering name {name}' (spec section 8), or the server's first reason when it gave one. A refused
 * signature counts as a failure too: the view stays on RegisterAccountName with this error.
 */
export class RegisterNameError extends KitError {
  override name = "RegisterNameError";
  constructor(name: string, cause: unknown) {
    const reason = cause instanceof HttpStatusError ? cause.reason : undefined;
    super(
      reason ?? `Error registering name ${name}`,
      reason ? "modalKit.errors.serverReason" : "modalKit.errors.registerName",
      { cause, values: reason ? { reason } : { name } },
    );
  }
}

/** 'Error fetching name suggestions' (spec section 8). */
export class NameSuggestionsError extends KitError {
  override name = "NameSuggestionsError";
  constructor(cause: unknown) {
    super("Error fetching name suggestions", "modalKit.errors.nameSuggestions", { cause });
  }
}

import { ApiError, type ErrorBody } from "../http/api-error.ts";

/** 429 for a second login e-mail within the cooldown; the body also says how many seconds are left. */
export class EmailThrottledError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, "email_throttled", `Please try again after ${retryAfterSeconds} seconds`, undefined, retryAfterSeconds);
  }

  override get body(): ErrorBody & { retryAfterSeconds: number } {
    return { code: this.code, message: this.message, retryAfterSeconds: this.retryAfterSeconds };
  }
}

export const noSession = () =>
  new ApiError(401, "no_session", "No live wallet session: sign in with your e-mail again", "authorization");

/** The SMTP server did not take a message: the request is answered 503 so the frame can retry. */
export const mailUnavailable = () =>
  new ApiError(503, "mail_unavailable", "The e-mail could not be sent right now; try again in a minute", undefined, 60);

/** The stored share is under a share key this server was not given: an operator's fix, not the user's. */
export const shareKeyUnknown = (keyId: string) =>
  new ApiError(
    503,
    "share_key_unknown",
    `This wallet's server share is encrypted under share key ${keyId}, which this server does not have: the operator must add that key to EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS`,
  );

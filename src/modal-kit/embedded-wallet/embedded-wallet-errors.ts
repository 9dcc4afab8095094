import { KitError } from "../errors/kit-error.ts";

/** The frame did not load or did not say it was ready within 20 s (spec section 8 and 9). */
export class FrameLoadError extends KitError {
  override name = "FrameLoadError";
  constructor(cause?: unknown) {
    super("Unable to load email login dependency", "modalKit.errors.frameUnavailable", { cause });
  }
}

/** A connect request got no answer within 120 s. */
export class FrameTimeoutError extends KitError {
  override name = "FrameTimeoutError";
  constructor(event: string) {
    super("request timeout", "modalKit.errors.requestTimeout", { details: event });
  }
}

/**
 * The frame's ERROR reply: its message (or 'An error occurred'), its EIP-1193 code (4001 when the user declined
 * in the frame) and, for the login e-mail throttle, the seconds to wait.
 */
export class FrameReplyError extends KitError {
  override name = "FrameReplyError";
  readonly code: number | undefined;
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string | undefined, code?: number, retryAfterSeconds?: number) {
    const text = message || "An error occurred";
    super(text, "modalKit.errors.frameError", { values: { message: text } });
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The caller aborted: 'Request was aborted' for an RPC request, 'Something went wrong' for anything else. */
export class FrameAbortError extends KitError {
  override name = "FrameAbortError";
  constructor(rpc: boolean) {
    super(
      rpc ? "Request was aborted" : "Something went wrong",
      rpc ? "modalKit.errors.requestAborted" : "modalKit.errors.somethingWentWrong",
    );
  }
}

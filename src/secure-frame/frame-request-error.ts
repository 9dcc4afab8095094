/** An answer the frame sends back as `_ERROR`: the message the kit rejects with, and the EIP-1193 code if any. */
export class FrameRequestError extends Error {
  override name = "FrameRequestError";
  readonly code: number | undefined;
  /** Seconds to wait, for the 30 s login e-mail throttle. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, options: { code?: number; retryAfterSeconds?: number } = {}) {
    super(message);
    this.code = options.code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/**
 * Why an exchange with an upstream node ended without an answer. The upstream pool tells apart failures the
 * upstream caused (it is set aside and the next one is tried) from those the client caused (the upstream is
 * healthy; the client gets the error and no other upstream is asked to do the same costly work).
 */

/** The upstream failed: connection refused or reset, an HTTP error status, or something other than JSON. */
export class UpstreamFailedError extends Error {
  override readonly name = "UpstreamFailedError";
}

/** The upstream gave no complete answer in time. On its own this does not say whose fault it was. */
export class UpstreamTimeoutError extends Error {
  override readonly name = "UpstreamTimeoutError";
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

/** The answer was larger than the proxy passes on: the client asked for too much. */
export class AnswerTooLargeError extends Error {
  override readonly name = "AnswerTooLargeError";
  constructor(readonly limitBytes: number) {
    super(`the answer is larger than ${limitBytes} bytes`);
  }
}

/** The upstream is healthy (it answered a cheap probe at once) but the client's request took too long. */
export class CallTooSlowError extends Error {
  override readonly name = "CallTooSlowError";
  constructor(readonly timeoutMs: number) {
    super(`the request took longer than ${timeoutMs} ms`);
  }
}

/** The client went away before the answer came: nobody is waiting for it. */
export class ClientGoneError extends Error {
  override readonly name = "ClientGoneError";
  constructor() {
    super("the client disconnected");
  }
}

/** No upstream could answer: every one failed or is on another chain. */
export class UpstreamUnavailableError extends Error {
  override readonly name = "UpstreamUnavailableError";
}

import { EventEmitter } from "node:events";
import { Agent } from "undici";
import { AnswerTooLargeError, ClientGoneError, UpstreamFailedError, UpstreamTimeoutError } from "./upstream-errors.ts";

/**
 * POST a body to an upstream node and read its answer, over undici's keep-alive connection pools (one pool per
 * upstream origin, connections kept open between requests). Node's fetch was about seven times slower for this
 * many small requests (bench/rpc-proxy.bench.ts); undici's request API is faster than node:http here too.
 */
const agent = new Agent({ connections: 128, headersTimeout: 0, bodyTimeout: 0 });

/**
 * The connection of the client a request is for (an HTTP ServerResponse is one): when it closes before its
 * answer was sent, the client is gone. A listener on it costs far less per request than an AbortSignal.
 */
export interface ClientConnection {
  readonly destroyed: boolean;
  readonly writableFinished: boolean;
  once(event: "close", listener: () => void): unknown;
  off(event: "close", listener: () => void): unknown;
}

/** Where an upstream URL is posted to: its origin, its path and query, and its credentials as a header. */
export interface Endpoint {
  readonly origin: string;
  readonly path: string;
  readonly authorization?: string;
  /** The URL could not be read: every exchange with it fails (its text, which may hold a key, is never shown). */
  readonly invalid?: true;
}

export function endpointOf(url: string): Endpoint {
  let target: URL;
  let user: string;
  let password: string;
  try {
    target = new URL(url);
    user = decodeURIComponent(target.username);
    password = decodeURIComponent(target.password);
  } catch {
    return { origin: "", path: "", invalid: true };
  }
  return {
    origin: target.origin,
    path: `${target.pathname}${target.search}`,
    ...(user || password ? { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` } : {}),
  };
}

export interface PostJsonOptions {
  /** The whole exchange, not only idle time between packets. */
  readonly timeoutMs: number;
  /** Answers larger than this are cut off while they stream in (a larger Content-Length is refused at once). */
  readonly maxAnswerBytes: number;
  /** When this client goes, the exchange is dropped. */
  readonly client?: ClientConnection;
}

/** Posts a JSON body and returns the answer's bytes. Rejects with the errors of upstream-errors.ts only. */
export function postBytes(endpoint: Endpoint, body: Buffer, options: PostJsonOptions): Promise<Buffer> {
  const { timeoutMs, maxAnswerBytes, client } = options;
  if (client?.destroyed && !client.writableFinished) return Promise.reject(new ClientGoneError());
  if (endpoint.invalid) return Promise.reject(new UpstreamFailedError("its URL is not a valid URL"));
  return new Promise((resolve, reject) => {
    // undici listens for "abort" on an emitter as it does on an AbortSignal, at a fraction of the cost.
    const abort = new EventEmitter();
    let settled = false;
    const finish = (error: Error | undefined, answer?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client?.off("close", onClose);
      if (error) {
        abort.emit("abort");
        reject(error);
      } else resolve(answer as Buffer);
    };
    const timer = setTimeout(() => finish(new UpstreamTimeoutError(timeoutMs)), timeoutMs);
    const onClose = () => {
      if (!client?.writableFinished) finish(new ClientGoneError());
    };
    client?.once("close", onClose);
    agent
      .request({
        origin: endpoint.origin,
        path: endpoint.path,
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(endpoint.authorization ? { authorization: endpoint.authorization } : {}),
        },
        body,
        signal: abort,
      })
      .then(({ statusCode, headers, body: answer }) => {
        if (statusCode < 200 || statusCode >= 300) {
          answer.destroy();
          return finish(new UpstreamFailedError(`HTTP ${statusCode}`));
        }
        if (Number(headers["content-length"] ?? 0) > maxAnswerBytes) {
          answer.destroy();
          return finish(new AnswerTooLargeError(maxAnswerBytes));
        }
        // Read with listeners, not `for await`: an async iterator costs a promise per chunk, and most answers are
        // one chunk; an aborted exchange (finish above) destroys the body, which ends these listeners.
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on("data", (chunk: Buffer) => {
          if (settled) return;
          size += chunk.length;
          if (size > maxAnswerBytes) {
            answer.destroy();
            return finish(new AnswerTooLargeError(maxAnswerBytes));
          }
          chunks.push(chunk);
        });
        answer.on("end", () =>
          finish(undefined, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)),
        );
        answer.on("error", (error: Error) => finish(new UpstreamFailedError(error.message)));
      })
      .catch((error: Error) => finish(new UpstreamFailedError(error.message)));
  });
}

/** Posts a JSON body and parses the JSON answer; an answer that is not JSON is the upstream's failure. */
export async function postJson(endpoint: Endpoint, body: unknown, options: PostJsonOptions): Promise<unknown> {
  const answer = await postBytes(endpoint, Buffer.from(JSON.stringify(body)), options);
  try {
    return JSON.parse(answer.toString("utf8"));
  } catch {
    throw new UpstreamFailedError("answered with something other than JSON");
  }
}

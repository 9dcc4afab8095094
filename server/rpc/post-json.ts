import http from "node:http";
import https from "node:https";
import { AnswerTooLargeError, ClientGoneError, UpstreamFailedError, UpstreamTimeoutError } from "./upstream-errors.ts";

/**
 * POST a JSON body and parse the JSON answer, over keep-alive connections. Node's fetch was about seven
 * times slower for this many small requests (bench/rpc-proxy.bench.ts), so the proxy uses node:http.
 */
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 128 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 128 }),
};

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

export interface PostJsonOptions {
  /** The whole exchange, not only idle time between packets. */
  readonly timeoutMs: number;
  /** Answers larger than this are cut off while they stream in (a larger Content-Length is refused at once). */
  readonly maxAnswerBytes: number;
  /** When this client goes, the exchange is dropped. */
  readonly client?: ClientConnection;
}

/** Rejects with the errors of upstream-errors.ts only, so callers can tell whose fault a failure was. */
export function postJson(url: string, body: unknown, options: PostJsonOptions): Promise<unknown> {
  const { timeoutMs, maxAnswerBytes, client } = options;
  return new Promise((resolve, reject) => {
    if (client?.destroyed && !client.writableFinished) return reject(new ClientGoneError());
    const target = new URL(url);
    const protocol = target.protocol === "https:" ? "https:" : "http:";
    const payload = Buffer.from(JSON.stringify(body));
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      client?.off("close", onClose);
      return true;
    };
    const fail = (error: Error) => {
      if (!settle()) return;
      request.destroy();
      reject(error);
    };
    const request = (protocol === "https:" ? https : http).request(
      target,
      {
        method: "POST",
        agent: agents[protocol],
        headers: { "content-type": "application/json", accept: "application/json", "content-length": payload.length },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) return fail(new UpstreamFailedError(`HTTP ${status}`));
        if (Number(response.headers["content-length"] ?? 0) > maxAnswerBytes)
          return fail(new AnswerTooLargeError(maxAnswerBytes));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxAnswerBytes) fail(new AnswerTooLargeError(maxAnswerBytes));
          else chunks.push(chunk);
        });
        response.on("end", () => {
          if (!settle()) return;
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          } catch {
            reject(new UpstreamFailedError("answered with something other than JSON"));
          }
        });
        response.on("error", (error) => fail(new UpstreamFailedError(error.message)));
      },
    );
    const timer = setTimeout(() => fail(new UpstreamTimeoutError(timeoutMs)), timeoutMs);
    const onClose = () => {
      if (!client?.writableFinished) fail(new ClientGoneError());
    };
    client?.once("close", onClose);
    request.on("error", (error) => fail(new UpstreamFailedError(error.message)));
    request.end(payload);
  });
}

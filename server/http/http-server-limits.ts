import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyHttpOptions, FastifyInstance } from "fastify";
import type { ServerConfig } from "../config/env.ts";

/** What the HTTP server's limits read of the server's configuration. */
export type HttpLimits = Pick<
  ServerConfig,
  | "HTTP_REQUEST_TIMEOUT_MS"
  | "HTTP_HEADERS_TIMEOUT_MS"
  | "HTTP_IDLE_TIMEOUT_MS"
  | "HTTP_KEEP_ALIVE_TIMEOUT_MS"
  | "HTTP_MAX_CONNECTIONS"
>;

/** A request that never arrives in full, or is not HTTP at all, answered in the API's error shape. */
function clientErrorAnswer(code: string, limits: HttpLimits): { status: number; code: string; message: string } {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    const headers = Math.min(limits.HTTP_HEADERS_TIMEOUT_MS, limits.HTTP_REQUEST_TIMEOUT_MS);
    return {
      status: 408,
      code: "request_timeout",
      message: `The request did not arrive in time: headers are expected within ${headers} ms and the whole request within ${limits.HTTP_REQUEST_TIMEOUT_MS} ms. The connection is closed.`,
    };
  }
  if (code === "HPE_HEADER_OVERFLOW") {
    return { status: 431, code: "headers_too_large", message: "The request's headers are larger than 16 KiB." };
  }
  return { status: 400, code: "bad_request", message: "The request is not well-formed HTTP/1.1." };
}

/**
 * Fastify's HTTP server options: the whole request (headers, then body) must arrive within
 * HTTP_REQUEST_TIMEOUT_MS, its headers within HTTP_HEADERS_TIMEOUT_MS, a connection idle both ways closes after
 * HTTP_IDLE_TIMEOUT_MS and a kept-alive one after HTTP_KEEP_ALIVE_TIMEOUT_MS. Node checks the request and
 * header deadlines on a timer, every second here (its default of 30 s would let a slow client stay that much
 * longer).
 *
 * That timer runs on the main thread, so a stalled request is cut late by as long as the main thread is busy.
 * Measured under the load of issue 25 (ten concurrent 64-validator deposit-data requests, `npm start`, 2-core
 * machine): the check ran every 1.0–1.4 s and each of 15 stalled requests was answered 408 between 30.3 and
 * 32.7 s; key derivation and signing run on the key threads (server/deposits/key-worker.ts), and the main
 * thread's longest busy stretch after start-up was 1.2 s. The long ones (14 s and 54 s) are PGlite creating a
 * new data directory at start-up, before the server listens. Keep CPU-bound work off the main thread.
 */
export function httpServerOptions(limits: HttpLimits): FastifyHttpOptions<import("node:http").Server> {
  const headersTimeout = Math.min(limits.HTTP_HEADERS_TIMEOUT_MS, limits.HTTP_REQUEST_TIMEOUT_MS);
  return {
    requestTimeout: limits.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: limits.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: limits.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout: limits.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeout,
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(headersTimeout / 2)),
    },
    clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
      if (error.code === "ECONNRESET" || socket.destroyed) return;
      const { status, ...body } = clientErrorAnswer(error.code ?? "", limits);
      const json = JSON.stringify(body);
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
        );
      }
      socket.destroy();
    },
  };
}

/** At most HTTP_MAX_CONNECTIONS open connections: Node closes further ones as soon as they are accepted. */
export function limitConnections(app: FastifyInstance, limits: HttpLimits): void {
  app.server.maxConnections = limits.HTTP_MAX_CONNECTIONS;
}

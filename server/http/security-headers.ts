import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyHelmetOptions } from "@fastify/helmet";
import helmet, { type HelmetOptions } from "helmet";

/** The security headers (helmet) of every answer: a strict Content-Security-Policy for the API's own pages. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
    },
  },
};

/**
 * The headers helmet sets with HELMET_OPTIONS, worked out once. @fastify/helmet builds helmet again for every
 * request (a sixth of the JSON-RPC proxy's time under load); routes that answer many small requests set these.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  } as unknown as ServerResponse;
  // The same helmet as @fastify/helmet's, seen through its ESM type declarations.
  helmet(HELMET_OPTIONS as HelmetOptions)({} as IncomingMessage, response, () => {});
  return headers;
}

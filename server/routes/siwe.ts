import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import { bearerToken } from "../siwe/bearer-token.ts";
import { SIGNATURE_BYTES } from "../siwe/check-signature.ts";
import type { SiweService } from "../siwe/siwe-service.ts";

const session = {
  type: "object",
  required: ["address", "chainId", "expiresAt"],
  properties: {
    address: { type: "string", description: "The signed-in address (checksummed)." },
    chainId: { type: "integer", description: "The chain the message was signed for." },
    expiresAt: { type: "string", format: "date-time" },
  },
} as const;

const authorization = {
  type: "object",
  properties: {
    authorization: { type: "string", description: "Bearer <token>, the token POST /siwe/verify answered." },
  },
} as const;

const noSession = () => new ApiError(401, "no_session", "No live session: sign in again", "authorization");

/**
 * Sign-in with Ethereum for the wallet kit: GET /siwe/nonce, POST /siwe/verify (opens a session and returns
 * its bearer token), GET /siwe/session (the session of an Authorization: Bearer token) and POST /siwe/signout
 * (ends it).
 */
export async function siweRoutes(app: FastifyInstance, { siwe }: { siwe: SiweService }) {
  app.get(
    "/siwe/nonce",
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        summary: "A single-use sign-in nonce",
        tags: ["siwe"],
        response: {
          200: {
            type: "object",
            required: ["nonce", "expiresAt"],
            properties: {
              nonce: { type: "string", description: "Put it in the EIP-4361 message; good for one sign-in." },
              expiresAt: { type: "string", format: "date-time" },
            },
          },
        },
      },
    },
    async (_request, reply) => reply.header("cache-control", "no-store").send(await siwe.issueNonce()),
  );
  app.post(
    "/siwe/verify",
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Verify a signed sign-in message and open a session",
        tags: ["siwe"],
        body: {
          type: "object",
          additionalProperties: false,
          required: ["message", "signature"],
          properties: {
            message: { type: "string", minLength: 1, maxLength: 4096, description: "The EIP-4361 message." },
            signature: {
              type: "string",
              maxLength: 2 + 2 * SIGNATURE_BYTES.max,
              description: `personal_sign signature: 0x and ${SIGNATURE_BYTES.min} to ${SIGNATURE_BYTES.max} bytes in hexadecimal (an account's 65 bytes, or a contract wallet's EIP-1271 or ERC-6492 signature).`,
            },
          },
        },
        response: {
          200: {
            ...session,
            required: [...session.required, "token"],
            properties: { ...session.properties, token: { type: "string", description: "Bearer token." } },
          },
        },
        description:
          "The session lasts 24 hours, or until the message's Expiration Time when that is sooner. A contract wallet's signature is checked on the message's chain (EIP-1271, ERC-6492); 503 when that chain cannot be reached.",
      },
    },
    async (request) => {
      const body = request.body as { message: string; signature: string };
      return siwe.verify(body, request.headers.origin);
    },
  );
  app.get(
    "/siwe/session",
    {
      schema: {
        summary: "The session of a bearer token",
        tags: ["siwe"],
        headers: authorization,
        response: { 200: session },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      const found = token ? await siwe.session(token) : undefined;
      if (!found) throw noSession();
      return found;
    },
  );
  app.post(
    "/siwe/signout",
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "End the session of a bearer token",
        description: "The token stops working at once. Answers 204 whether or not the session was still live.",
        tags: ["siwe"],
        headers: authorization,
        response: { 204: { type: "null", description: "Signed out." } },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw noSession();
      await siwe.signOut(token);
      return reply.status(204).send();
    },
  );
}

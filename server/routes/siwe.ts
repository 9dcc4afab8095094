import type { FastifyInstance } from "fastify";
import type { Hex } from "viem";
import { ApiError } from "../http/api-error.ts";
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

/**
 * Sign-in with Ethereum for the wallet kit: GET /siwe/nonce, POST /siwe/verify (opens a session and returns
 * its bearer token), GET /siwe/session (the session of an Authorization: Bearer token).
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
            signature: { type: "string", pattern: "^0x[0-9a-fA-F]{130,}$", description: "personal_sign signature." },
          },
        },
        response: {
          200: {
            ...session,
            required: [...session.required, "token"],
            properties: { ...session.properties, token: { type: "string", description: "Bearer token." } },
          },
        },
      },
    },
    async (request) => {
      const body = request.body as { message: string; signature: Hex };
      return siwe.verify(body, request.headers.origin);
    },
  );
  app.get(
    "/siwe/session",
    { schema: { summary: "The session of a bearer token", tags: ["siwe"], response: { 200: session } } },
    async (request) => {
      const token = /^Bearer ([0-9a-f]{64})$/.exec(request.headers.authorization ?? "")?.[1];
      const found = token ? await siwe.session(token) : undefined;
      if (!found) throw new ApiError(401, "no_session", "No live session: sign in again", "authorization");
      return found;
    },
  );
}

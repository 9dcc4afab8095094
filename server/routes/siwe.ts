import type { FastifyInstance } from "fastify";
import { siweNoncePath, siweNonceResponse } from "../../src/core/api/siwe-nonce.ts";
import {
  siweAuthorizationHeaders,
  siweSessionPath,
  siweSessionResponse,
  siweSignOutPath,
} from "../../src/core/api/siwe-session.ts";
import { siweVerifyBody, siweVerifyPath, siweVerifyResponse } from "../../src/core/api/siwe-verify.ts";
import { ApiError } from "../http/api-error.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { bearerToken } from "../siwe/bearer-token.ts";
import type { SiweService } from "../siwe/siwe-service.ts";

const noSession = () => new ApiError(401, "no_session", "No live session: sign in again", "authorization");

/**
 * Sign-in with Ethereum for the wallet kit: GET /siwe/nonce, POST /siwe/verify (opens a session and returns
 * its bearer token), GET /siwe/session (the session of an Authorization: Bearer token) and POST /siwe/signout
 * (ends it).
 */
export async function siweRoutes(app: FastifyInstance, { siwe }: { siwe: SiweService }) {
  const routes = zodRoutes(app);
  routes.get(
    siweNoncePath,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { summary: "A single-use sign-in nonce", tags: ["siwe"], response: { 200: siweNonceResponse } },
    },
    async (_request, reply) => reply.header("cache-control", "no-store").send(await siwe.issueNonce()),
  );
  routes.post(
    siweVerifyPath,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Verify a signed sign-in message and open a session",
        tags: ["siwe"],
        body: siweVerifyBody,
        response: { 200: siweVerifyResponse },
        description:
          "The session lasts 24 hours, or until the message's Expiration Time when that is sooner. A contract wallet's signature is checked on the message's chain (EIP-1271, ERC-6492); 503 when that chain cannot be reached.",
      },
    },
    async (request) => siwe.verify(request.body, request.headers.origin),
  );
  routes.get(
    siweSessionPath,
    {
      schema: {
        summary: "The session of a bearer token",
        tags: ["siwe"],
        headers: siweAuthorizationHeaders,
        response: { 200: siweSessionResponse },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      const found = token ? await siwe.session(token) : undefined;
      if (!found) throw noSession();
      return found;
    },
  );
  routes.post(
    siweSignOutPath,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "End the session of a bearer token",
        description: "The token stops working at once. Answers 204 whether or not the session was still live.",
        tags: ["siwe"],
        headers: siweAuthorizationHeaders,
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

import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  authorizationHeaders,
  emailUpdateActionResponse,
  emailUpdateBody,
  emailUpdateOtpBody,
  embeddedWalletPaths as paths,
  sessionResponse,
  walletBody,
  walletNonceResponse,
  walletShareResponse,
} from "../../src/core/api/embedded-wallet.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { bearerToken } from "../siwe/bearer-token.ts";
import { noSession } from "./embedded-wallet-errors.ts";
import { errorResponses, noContent, SHARE_PROOF_DOC, sessionSecurity } from "./secure-api-docs.ts";
import type { ServerShares } from "./server-shares.ts";
import type { WalletSessions } from "./sessions.ts";
import type { WalletAccounts } from "./wallet-accounts.ts";

const tags = ["embedded wallet"];

/** What a signed-in frame does (bearer session): the user, sign-out, the server's key share, a new e-mail. */
export async function accountRoutes(
  app: FastifyInstance,
  {
    accounts,
    sessions,
    serverShares,
  }: { accounts: WalletAccounts; sessions: WalletSessions; serverShares: ServerShares },
) {
  const routes = zodRoutes(app);
  const session = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const found = token ? await sessions.find(token) : undefined;
    if (!found || !token) throw noSession();
    return { ...found, token };
  };
  const authed = { headers: authorizationHeaders, tags, security: sessionSecurity };

  routes.get(
    paths.session,
    {
      schema: { ...authed, summary: "The signed-in user", response: { 200: sessionResponse, ...errorResponses(401) } },
    },
    async (request) => ({
      user: await accounts.user((await session(request)).userId),
    }),
  );
  routes.post(
    paths.signOut,
    {
      schema: {
        ...authed,
        summary: "End the session (204)",
        response: { 204: noContent("Signed out"), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      if (!token || !(await sessions.find(token))) throw noSession();
      await sessions.end(token);
      return reply.status(204).send(null);
    },
  );
  routes.post(
    paths.walletNonce,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        ...authed,
        summary: "A nonce for replacing the server's share (works once, for 10 minutes)",
        description: `The wallet's key signs it with the new share (PUT ${paths.wallet}).`,
        response: { 200: walletNonceResponse, ...errorResponses(401, 404, 429) },
      },
    },
    async (request) => serverShares.issueNonce((await session(request)).userId),
  );
  routes.put(
    paths.wallet,
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        ...authed,
        summary: "Store the server's share of the wallet's key (204)",
        description: `${SHARE_PROOF_DOC} A replacement (the wallet restored or re-split) ends every other session of the user: other browsers sign in again.`,
        body: walletBody,
        response: { 204: noContent("Stored"), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { userId, token } = await session(request);
      const { address, serverShare, proof } = request.body;
      const replaced = (await accounts.user(userId)).address !== null;
      await serverShares.put(userId, address, serverShare, proof);
      if (replaced) await sessions.endOthers(userId, token);
      return reply.status(204).send(null);
    },
  );
  routes.get(
    paths.walletShare,
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        ...authed,
        summary: "The server's share, to this user's session only",
        response: { 200: walletShareResponse, ...errorResponses(401, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return accounts.share((await session(request)).userId);
    },
  );
  routes.post(
    paths.emailUpdate,
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        ...authed,
        summary: "Change the login e-mail: sends a code to the current address",
        body: emailUpdateBody,
        response: { 200: emailUpdateActionResponse, ...errorResponses(400, 401, 409, 429, 503) },
      },
    },
    async (request) => accounts.startUpdate((await session(request)).userId, request.body.newEmail),
  );
  routes.post(
    paths.emailUpdatePrimary,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        ...authed,
        summary: "The current address's code: sends a code to the new address",
        body: emailUpdateOtpBody,
        response: { 200: emailUpdateActionResponse, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request) => accounts.verifyPrimary((await session(request)).userId, request.body.otp),
  );
  routes.post(
    paths.emailUpdateSecondary,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        ...authed,
        summary: "The new address's code: the login moves to it",
        description: "Ends every other session of the user (this one stays): other browsers sign in again.",
        body: emailUpdateOtpBody,
        response: { 200: sessionResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { userId, token } = await session(request);
      const changed = await accounts.verifySecondary(userId, request.body.otp);
      await sessions.endOthers(userId, token);
      return changed;
    },
  );
}

import type { FastifyInstance } from "fastify";
import {
  embeddedWalletPaths as paths,
  socialConnectBody,
  socialConnectResponse,
  socialStartBody,
  socialStartResponse,
} from "../../src/lib/api/embedded-wallet.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { errorResponses } from "./secure-api-docs.ts";
import { SOCIAL_CALLBACK_CSP, socialCallbackPage } from "./social-callback-page.ts";
import type { SocialLogin } from "./social-login.ts";

const tags = ["embedded wallet"];

/** Social login on the secure origin: start (the popup's URL), the provider's redirect URI, and connect. */
export async function socialRoutes(
  app: FastifyInstance,
  { social, allowedOrigins }: { social: SocialLogin; allowedOrigins: readonly string[] },
) {
  const routes = zodRoutes(app);
  routes.post(
    paths.socialStart,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Start a social login: the provider's authorization URL (PKCE, state and nonce) for the popup",
        tags,
        body: socialStartBody,
        response: { 200: socialStartResponse, ...errorResponses(400, 429, 502) },
      },
    },
    async (request) => social.start(request.body.provider),
  );
  routes.get(
    paths.socialCallback,
    { schema: { summary: "The redirect URI: hands the result URL to the host page that opened the popup", tags } },
    async (_request, reply) =>
      reply
        .header("content-security-policy", SOCIAL_CALLBACK_CSP)
        .type("text/html; charset=utf-8")
        .send(socialCallbackPage(allowedOrigins)),
  );
  routes.post(
    paths.socialConnect,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Finish a social login: verify the provider's answer and open a session",
        description:
          "The state works once and for 10 minutes; the ID token's signature, issuer, audience, expiry and nonce are checked.",
        tags,
        body: socialConnectBody,
        response: { 200: socialConnectResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => social.connect(request.body.uri, request.body.deviceId),
  );
}

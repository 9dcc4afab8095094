import type { FastifyInstance } from "fastify";
import {
  embeddedWalletPaths as paths,
  socialConnectBody,
  socialConnectResponse,
  socialStartBody,
  socialStartResponse,
} from "../../src/core/api/embedded-wallet.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { errorResponses } from "./secure-api-docs.ts";
import { SOCIAL_CALLBACK_CSP, socialCallbackPage } from "./social-callback-page.ts";
import type { SocialLogin } from "./social-login.ts";

const tags = ["embedded wallet"];

/** Social login on the secure origin: start (the popup's URL), the provider's redirect URI, and the frame's connect. */
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
        description:
          "The login is bound to the frame: its device id and the SHA-256 of a key only the frame holds. Only POST /embedded-wallet/social/connect with that key and device id turns the provider's answer into a session.",
        tags,
        body: socialStartBody,
        response: { 200: socialStartResponse, ...errorResponses(400, 429, 502) },
      },
    },
    async (request) => social.start(request.body.provider, request.body.deviceId, request.body.frameKeyHash),
  );
  routes.get(
    paths.socialCallback,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "The redirect URI: verifies the provider's answer and keeps the result for the frame",
        description:
          "An HTML page (text/html). The state works once and for 10 minutes; the code is exchanged with the flow's PKCE verifier and the ID token's signature, issuer, audience, expiry and nonce are checked. The page then posts only { socialLogin: \"done\" } to the allowed host page that opened the popup: nothing it can redeem.",
        tags,
      },
    },
    async (request, reply) => {
      await social.callback(request.url);
      return reply
        .header("content-security-policy", SOCIAL_CALLBACK_CSP)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(socialCallbackPage(allowedOrigins));
    },
  );
  routes.post(
    paths.socialConnect,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Finish a social login in the frame: its key and device id turn the verified answer into a session",
        description:
          "Works once, from the device id the login was started with, with the key whose SHA-256 it was started with, and within 2 minutes of the provider's answer; the provider's refusal or a failed check is answered here (400 social_login_refused).",
        tags,
        body: socialConnectBody,
        response: { 200: socialConnectResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => social.connect(request.body.deviceId, request.body.frameKey),
  );
}

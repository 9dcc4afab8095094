import type { FastifyInstance } from "fastify";
import {
  emailActionResponse,
  emailDeviceBody,
  emailOtpBody,
  emailOtpResponse,
  emailStartBody,
  embeddedWalletPaths as paths,
} from "../../src/lib/api/embedded-wallet.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import type { EmailLogin } from "./email-login.ts";
import { errorResponses } from "./secure-api-docs.ts";

const tags = ["embedded wallet"];

/** E-mail login on the secure origin: start, wait for a device's approval, and the one-time code. */
export async function loginRoutes(app: FastifyInstance, { login }: { login: EmailLogin }) {
  const routes = zodRoutes(app);
  routes.post(
    paths.emailStart,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Start an e-mail login: sends a code, or a device-approval link for a known user's new browser",
        description: "At most one login e-mail per address per 30 s: else 429 email_throttled with retryAfterSeconds.",
        tags,
        body: emailStartBody,
        response: { 200: emailActionResponse, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => login.start(request.body.email, request.body.deviceId),
  );
  routes.post(
    paths.emailDevice,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        summary: "Wait up to 25 s for the device's approval (call again while VERIFY_DEVICE)",
        tags,
        body: emailDeviceBody,
        response: { 200: emailActionResponse, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      // The client going away ends the wait (the response closing before it was written).
      const aborted = new AbortController();
      reply.raw.once("close", () => aborted.abort());
      return login.waitForDevice(request.body.email, request.body.deviceId, aborted.signal);
    },
  );
  routes.post(
    paths.emailOtp,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "Check the e-mailed code and open a session",
        description: "Codes work for 10 minutes and at most 5 wrong tries.",
        tags,
        body: emailOtpBody,
        response: { 200: emailOtpResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => login.verifyOtp(request.body.email, request.body.deviceId, request.body.otp),
  );
}

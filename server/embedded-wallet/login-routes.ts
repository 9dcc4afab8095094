import type { FastifyInstance } from "fastify";
import {
  emailActionResponse,
  emailDeviceBody,
  emailOtpBody,
  emailOtpResponse,
  emailStartBody,
  embeddedWalletPaths as paths,
} from "../../src/core/api/embedded-wallet.ts";
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
        summary:
          "Start an e-mail login: a code for a browser the address approved, else a device-approval link (account or not)",
        description:
          "The answer, and the work before it, are the same whether or not the address has an account: VERIFY_DEVICE for any browser the address has not approved. Login e-mails are limited, each with 429 and retryAfterSeconds: one per address per 30 s for each requester (client IP, an IPv6 client by its /64; email_throttled), 10 an hour per requester (login_requester_throttled), 30 an hour per address for browsers it has not approved (login_address_throttled). The approval page shows the requesting browser and system (from User-Agent), its IP address and the time.",
        tags,
        body: emailStartBody,
        response: { 200: emailActionResponse, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) =>
      login.start(request.body.email, request.body.deviceId, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      }),
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

import type { FastifyInstance, FastifyReply } from "fastify";
import { embeddedWalletPaths as paths } from "../../src/core/api/embedded-wallet.ts";
import { DEVICE_APPROVAL_CSP, deviceApprovalPages } from "./device-approval-page.ts";
import type { EmailLogin } from "./email-login.ts";

const TOKEN = /^[0-9a-f]{64}$/;
const html = "text/html; charset=utf-8";

/**
 * The link of the device-approval e-mail (GET shows a button, its form POSTs the token). Answers HTML pages,
 * 404 for an unknown, used or expired link.
 */
export async function deviceApprovalRoutes(app: FastifyInstance, { login }: { login: EmailLogin }) {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const invalid = (reply: FastifyReply) => reply.status(404).type(html).send(deviceApprovalPages.invalid());
  // After the secure origin's onRequest headers: these pages get their own, stricter CSP.
  app.addHook("onSend", async (_request, reply) => {
    reply.headers({ "content-security-policy": DEVICE_APPROVAL_CSP, "x-frame-options": "DENY" });
  });

  const page = (summary: string) => ({
    summary,
    description:
      "An HTML page (text/html), 404 for an unknown, used or expired link; the token is the link's 64 hex digits.",
    tags: ["embedded wallet"],
  });
  app.get(
    paths.deviceApprove,
    {
      schema: page(
        "The device-approval link's page: the requesting browser and system, its IP address and the request's time (in the reader's time zone), and a button to approve",
      ),
    },
    async (request, reply) => {
      const token = (request.query as { token?: unknown }).token;
      reply.header("cache-control", "no-store");
      const pending = typeof token === "string" && TOKEN.test(token) ? await login.approvalFor(token) : undefined;
      if (!pending || typeof token !== "string") return invalid(reply);
      return reply.type(html).send(deviceApprovalPages.ask(pending, paths.deviceApprove, token));
    },
  );
  app.post(
    paths.deviceApprove,
    {
      schema: page("Approve the new device (the form's token, application/x-www-form-urlencoded)"),
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const token = (request.body as { token?: unknown } | undefined)?.token;
      reply.header("cache-control", "no-store");
      if (typeof token !== "string" || !TOKEN.test(token) || !(await login.approve(token))) return invalid(reply);
      return reply.type(html).send(deviceApprovalPages.approved());
    },
  );
}

import type { FastifyInstance } from "fastify";
import { contactBody, contactPath, contactResponse } from "../../src/core/api/contact.ts";
import type { Mailer } from "../embedded-wallet/mailer.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import type { Storage } from "../storage/database.ts";
import { contactMessages } from "../storage/schema.ts";

export interface ContactRouteDependencies {
  readonly storage: Storage;
  /** Where each stored message is also e-mailed (CONTACT_INBOX), when configured. */
  readonly inbox?: { readonly mailer: Mailer; readonly to: string };
}

const KIND_NAMES = { technical: "Technical issue", feedback: "Feedback" } as const;

/** The e-mail the provider receives: who wrote, where to answer, and the message. */
export function contactMail(message: {
  id: number;
  kind: "technical" | "feedback";
  name: string;
  message: string;
  replyEmail: string | null;
}) {
  return {
    subject: `Contact #${message.id}: ${KIND_NAMES[message.kind]} from ${message.name}`,
    text: [
      `Type: ${KIND_NAMES[message.kind]}`,
      `Name: ${message.name}`,
      `Reply e-mail: ${message.replyEmail ?? "none given (no answer expected)"}`,
      "",
      message.message,
    ].join("\n"),
    ...(message.replyEmail ? { replyTo: message.replyEmail } : {}),
  };
}

/**
 * POST /contact: a message from the contact page (with the sender's reply e-mail when given), validated (a 400
 * names the field at fault), rate-limited per client and stored; with an inbox configured it is e-mailed there
 * too, Reply-To the sender. A failed e-mail is logged: the message is stored, so the answer is still 201.
 */
export async function contactRoutes(app: FastifyInstance, { storage, inbox }: ContactRouteDependencies) {
  zodRoutes(app).post(
    contactPath,
    {
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        summary: "Send a message to the provider",
        tags: ["contact"],
        body: contactBody,
        response: { 201: contactResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const stored = {
        kind: body.type,
        name: body.name.trim(),
        message: body.message.trim(),
        replyEmail: body.replyEmail ?? null,
      };
      const [row] = await storage.db.insert(contactMessages).values(stored).returning({ id: contactMessages.id });
      const id = row?.id ?? 0;
      if (inbox) {
        try {
          await inbox.mailer.send({ to: inbox.to, ...contactMail({ id, ...stored }) });
        } catch (error) {
          request.log.warn({ err: error, contactMessage: id }, "contact message stored but not e-mailed");
        }
      }
      return reply.status(201).send({ id });
    },
  );
}

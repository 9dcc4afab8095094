import type { FastifyInstance } from "fastify";
import { contactBody, contactPath, contactResponse } from "../../src/core/api/contact.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import type { Storage } from "../storage/database.ts";
import { contactMessages } from "../storage/schema.ts";

/** POST /contact: a message from the contact page, validated, rate-limited per client and stored. */
export async function contactRoutes(app: FastifyInstance, { storage }: { storage: Storage }) {
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
      const [row] = await storage.db
        .insert(contactMessages)
        .values({ kind: body.type, name: body.name.trim(), message: body.message.trim() })
        .returning({ id: contactMessages.id });
      return reply.status(201).send({ id: row?.id ?? 0 });
    },
  );
}

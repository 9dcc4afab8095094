import type { FastifyInstance } from "fastify";
import type { Storage } from "../storage/database.ts";
import { contactMessages } from "../storage/schema.ts";

/** POST /contact: a message from the contact page, validated, rate-limited per client and stored. */
export async function contactRoutes(app: FastifyInstance, { storage }: { storage: Storage }) {
  app.post(
    "/contact",
    {
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        summary: "Send a message to the provider",
        tags: ["contact"],
        body: {
          type: "object",
          additionalProperties: false,
          required: ["type", "name", "message"],
          properties: {
            type: { type: "string", enum: ["technical", "feedback"], description: "Technical issue or feedback." },
            name: { type: "string", minLength: 1, maxLength: 100, pattern: "\\S" },
            message: { type: "string", minLength: 1, maxLength: 5000, pattern: "\\S" },
          },
        },
        response: { 201: { type: "object", required: ["id"], properties: { id: { type: "integer" } } } },
      },
    },
    async (request, reply) => {
      const body = request.body as { type: "technical" | "feedback"; name: string; message: string };
      const [row] = await storage.db
        .insert(contactMessages)
        .values({ kind: body.type, name: body.name.trim(), message: body.message.trim() })
        .returning({ id: contactMessages.id });
      return reply.status(201).send({ id: row?.id });
    },
  );
}

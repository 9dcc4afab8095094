import type { FastifyInstance } from "fastify";

/** GET /health: the process is up. GET /ready: it can serve requests (not shutting down, database answering). */
export async function healthRoutes(app: FastifyInstance, { isReady }: { isReady: () => Promise<boolean> }) {
  const status = {
    type: "object",
    required: ["status"],
    properties: { status: { type: "string", enum: ["ok", "unavailable"] } },
  } as const;
  app.get("/health", { schema: { summary: "Liveness", tags: ["health"], response: { 200: status } } }, async () => ({
    status: "ok",
  }));
  app.get(
    "/ready",
    { schema: { summary: "Readiness", tags: ["health"], response: { 200: status, 503: status } } },
    async (_request, reply) =>
      (await isReady()) ? { status: "ok" } : reply.status(503).send({ status: "unavailable" }),
  );
}

import type { FastifyInstance } from "fastify";

/** GET /health: the process is up. GET /ready: it can serve requests (checks grow as dependencies are added). */
export async function healthRoutes(app: FastifyInstance, { isReady }: { isReady: () => boolean }) {
  const status = {
    type: "object",
    required: ["status"],
    properties: { status: { type: "string", enum: ["ok", "starting", "stopping"] } },
  } as const;
  app.get("/health", { schema: { summary: "Liveness", tags: ["health"], response: { 200: status } } }, async () => ({
    status: "ok",
  }));
  app.get(
    "/ready",
    { schema: { summary: "Readiness", tags: ["health"], response: { 200: status, 503: status } } },
    async (_request, reply) => (isReady() ? { status: "ok" } : reply.status(503).send({ status: "stopping" })),
  );
}

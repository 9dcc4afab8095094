import type { FastifyInstance } from "fastify";

/** GET /health: the process is up. (GET /ready, whether it can serve requests, is in server/ops/readiness.ts.) */
export async function healthRoutes(app: FastifyInstance) {
  const status = {
    type: "object",
    required: ["status"],
    properties: { status: { type: "string", enum: ["ok"] } },
  } as const;
  app.get("/health", { schema: { summary: "Liveness", tags: ["health"], response: { 200: status } } }, async () => ({
    status: "ok",
  }));
}

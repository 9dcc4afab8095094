import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import type { Storage } from "../storage/database.ts";
import { opsAlerts } from "../storage/schema.ts";
import { authorised } from "../validator-clients/ops-validators-route.ts";

/** GET /ops/alerts (Authorization: Bearer OPS_TOKEN): the alerts that hold now, oldest first. */
export async function opsAlertsRoutes(
  app: FastifyInstance,
  deps: { readonly storage: Storage; readonly token: string },
) {
  app.get("/ops/alerts", { schema: { summary: "Operator alerts that hold now", tags: ["ops"] } }, async (request) => {
    if (!authorised(request, deps.token)) {
      throw new ApiError(401, "unauthorized", "GET /ops/alerts needs Authorization: Bearer <OPS_TOKEN>");
    }
    const rows = await deps.storage.db.select().from(opsAlerts).orderBy(asc(opsAlerts.raisedAt), asc(opsAlerts.key));
    return {
      alerts: rows.map((row) => ({
        kind: row.kind,
        network: row.network,
        environment: row.environment,
        message: row.message,
        details: row.details,
        raisedAt: row.raisedAt.toISOString(),
      })),
    };
  });
}

import { and, count, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/api-error.ts";
import { operations } from "../storage/schema.ts";
import { ownerScopeQuery, type ReadRouteDependencies, resolveOwnerScope } from "./owner-scope.ts";

/** GET /operations: an owner's stakes, claims and unstake requests, newest first, with their transactions. */
export async function operationRoutes(app: FastifyInstance, { storage, registry, served }: ReadRouteDependencies) {
  app.get(
    "/operations",
    {
      schema: {
        summary: "Operations history of an owner",
        tags: ["operations"],
        querystring: {
          type: "object",
          required: ["owner", "network", "environment"],
          properties: {
            ...ownerScopeQuery,
            page: { type: "string" },
            pageSize: { type: "string", description: "1 to 100, default 20" },
          },
        },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const scope = resolveOwnerScope(query, registry, served);
      const page = readInteger(query.page, "page", 1, 100_000);
      const pageSize = readInteger(query.pageSize, "pageSize", 20, 100);
      const where = and(
        eq(operations.network, scope.network.slug),
        eq(operations.environment, scope.environment),
        eq(operations.owner, scope.owner),
      );
      const [rows, [counted]] = await Promise.all([
        storage.db
          .select()
          .from(operations)
          .where(where)
          .orderBy(desc(operations.occurredAt), desc(operations.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        storage.db.select({ total: count() }).from(operations).where(where),
      ]);
      return {
        total: Number(counted?.total ?? 0),
        page,
        pageSize,
        operations: rows.map((row) => ({
          kind: row.kind,
          txHash: row.txHash,
          blockNumber: row.blockNumber.toString(),
          status: row.status,
          amountWei: row.amountWei,
          occurredAt: row.occurredAt.toISOString(),
          details: row.details,
        })),
      };
    },
  );
}

function readInteger(value: unknown, field: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "string" || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new ApiError(400, "invalid_query", `${field}: expected a whole number from 1 to ${max}`, field);
  }
  return Number(value);
}

import { and, count, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { operationsPath, operationsQuery, operationsResponse } from "../../src/core/api/operations.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { resolveOwnerScope } from "../owners/owner-scope.ts";
import { operations } from "../storage/schema.ts";
import type { ReadRouteDependencies } from "./read-route-dependencies.ts";

type OperationRow = typeof operations.$inferSelect;

/** A withdrawal request of amount 0: the validator's full exit. */
const exitOf = (row: OperationRow) =>
  row.kind === "withdrawal_request" && (row.details as { fullExit?: unknown } | null)?.fullExit === true;

/** What an operation moved: for an exit, the validator's balance when it was requested (null if not known). */
function amountOf(row: OperationRow): bigint | null {
  if (!exitOf(row)) return BigInt(row.amountWei);
  const balance = (row.details as { balanceWei?: unknown } | null)?.balanceWei;
  return typeof balance === "string" && /^\d+$/.test(balance) ? BigInt(balance) : null;
}

/** GET /operations: an owner's stakes, claims and unstake requests, newest first, with their transactions. */
export async function operationRoutes(app: FastifyInstance, { storage, registry, served }: ReadRouteDependencies) {
  zodRoutes(app).get(
    operationsPath,
    {
      schema: {
        summary: "Operations history of an owner",
        tags: ["operations"],
        querystring: operationsQuery,
        response: { 200: operationsResponse },
      },
    },
    async (request) => {
      const { page, pageSize, ...owner } = request.query;
      const scope = resolveOwnerScope(owner, registry, served);
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
          kind: exitOf(row) ? "exit" : row.kind,
          txHash: row.txHash as `0x${string}`,
          blockNumber: row.blockNumber.toString(),
          status: row.status,
          amountWei: amountOf(row),
          occurredAt: row.occurredAt.toISOString(),
          details: row.details as Record<string, unknown> | null,
        })),
      };
    },
  );
}

import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { hexToBytes } from "viem";
import { readWithdrawalCredentials } from "../../src/lib/deposit/index.ts";
import { validators } from "../storage/schema.ts";
import { ownerScopeQuery, type ReadRouteDependencies, resolveOwnerScope } from "./owner-scope.ts";

/** GET /validators: an owner's validators on one network environment, with status and balance. */
export async function validatorRoutes(app: FastifyInstance, { storage, registry, served }: ReadRouteDependencies) {
  app.get(
    "/validators",
    {
      schema: {
        summary: "Validators deposited by an owner",
        tags: ["validators"],
        querystring: { type: "object", required: ["owner", "network", "environment"], properties: ownerScopeQuery },
      },
    },
    async (request) => {
      const scope = resolveOwnerScope(request.query as Record<string, unknown>, registry, served);
      const rows = await storage.db
        .select()
        .from(validators)
        .where(
          and(
            eq(validators.network, scope.network.slug),
            eq(validators.environment, scope.environment),
            eq(validators.owner, scope.owner),
          ),
        )
        .orderBy(asc(validators.id));
      return {
        validators: rows.map((row) => ({
          index: row.validatorIndex,
          pubkey: `0x${row.pubkey}`,
          depositAddress: row.owner,
          withdrawalAddress: readWithdrawalCredentials(hexToBytes(`0x${row.withdrawalCredentials}`))?.address ?? null,
          withdrawalCredentials: `0x${row.withdrawalCredentials}`,
          status: row.status,
          balanceWei: (row.balanceGwei * 1_000_000_000n).toString(),
          depositTxHash: row.depositTxHash,
        })),
      };
    },
  );
}

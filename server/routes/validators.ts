import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { hexToBytes, parseGwei } from "viem";
import { validatorsPath, validatorsQuery, validatorsResponse } from "../../src/core/api/validators.ts";
import { readWithdrawalCredentials } from "../../src/core/deposit/index.ts";
import { zodRoutes } from "../http/zod-routes.ts";
import { resolveOwnerScope } from "../owners/owner-scope.ts";
import { validators } from "../storage/schema.ts";
import type { ReadRouteDependencies } from "./read-route-dependencies.ts";

/** GET /validators: an owner's validators on one network environment, with status and balance. */
export async function validatorRoutes(app: FastifyInstance, { storage, registry, served }: ReadRouteDependencies) {
  zodRoutes(app).get(
    validatorsPath,
    {
      schema: {
        summary: "Validators deposited by an owner",
        tags: ["validators"],
        querystring: validatorsQuery,
        response: { 200: validatorsResponse },
      },
    },
    async (request) => {
      const scope = resolveOwnerScope(request.query, registry, served);
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
          pubkey: `0x${row.pubkey}` as const,
          depositAddress: row.owner as `0x${string}`,
          withdrawalAddress: readWithdrawalCredentials(hexToBytes(`0x${row.withdrawalCredentials}`))?.address ?? null,
          withdrawalCredentials: `0x${row.withdrawalCredentials}` as const,
          status: row.status,
          balanceWei: parseGwei(String(row.balanceGwei)),
          depositTxHash: row.depositTxHash as `0x${string}` | null,
        })),
      };
    },
  );
}

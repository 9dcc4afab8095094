import { timingSafeEqual } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "../http/api-error.ts";
import type { Storage } from "../storage/database.ts";
import {
  depositRequests,
  operations,
  validatorClientAssignments,
  validatorClientImports,
  validatorKeys,
  validators,
} from "../storage/schema.ts";
import { keyState } from "./key-state.ts";

/** At most this many keys, newest first. */
const MAX_KEYS = 1_000;

export interface OpsValidatorsDependencies {
  readonly storage: Storage;
  /** OPS_TOKEN; the route is registered only with one. */
  readonly token: string;
}

/** Whether the request carries Authorization: Bearer <OPS_TOKEN> (compared in constant time). */
export function authorised(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /ops/validators (Authorization: Bearer OPS_TOKEN): every provider key with the one validator client it is
 * assigned to (by its id from KEYMANAGER_CLIENTS_*, never a URL) and its state there, attempts and last error;
 * after an exit, when it was removed and whether its slashing-protection data is kept; a move under way.
 */
export async function opsValidatorsRoutes(app: FastifyInstance, deps: OpsValidatorsDependencies) {
  app.get(
    "/ops/validators",
    { schema: { summary: "Provider keys and their validator-client handoff", tags: ["ops"] } },
    async (request) => {
      if (!authorised(request, deps.token)) {
        throw new ApiError(401, "unauthorized", "GET /ops/validators needs Authorization: Bearer <OPS_TOKEN>");
      }
      const keys = await deps.storage.db
        .select({
          pubkey: validatorKeys.pubkey,
          network: depositRequests.network,
          environment: depositRequests.environment,
          status: validators.status,
        })
        .from(validatorKeys)
        .innerJoin(depositRequests, eq(depositRequests.id, validatorKeys.requestId))
        .leftJoin(
          validators,
          and(
            eq(validators.network, depositRequests.network),
            eq(validators.environment, depositRequests.environment),
            eq(validators.pubkey, validatorKeys.pubkey),
          ),
        )
        .orderBy(desc(validatorKeys.id))
        .limit(MAX_KEYS);
      const imports = await deps.storage.db.select().from(validatorClientImports);
      const assignments = await deps.storage.db.select().from(validatorClientAssignments);
      // Full-exit requests (EIP-7002, amount 0) the indexer saw, by "network environment pubkey".
      const exits = await deps.storage.db
        .select({
          network: operations.network,
          environment: operations.environment,
          pubkey: sql<string>`${operations.details}->>'pubkey'`,
        })
        .from(operations)
        .where(
          and(
            eq(operations.kind, "withdrawal_request"),
            eq(operations.status, "confirmed"),
            sql`(${operations.details}->>'fullExit')::boolean`,
          ),
        );
      const exitRequested = new Set(
        exits.map((row) => `${row.network} ${row.environment} ${String(row.pubkey).replace(/^0x/, "").toLowerCase()}`),
      );
      const byKey = new Map(
        imports.map((row) => [`${row.network} ${row.environment} ${row.pubkey} ${row.client}`, row]),
      );
      const assigned = new Map(assignments.map((row) => [`${row.network} ${row.environment} ${row.pubkey}`, row]));
      return {
        validators: keys.map((key) => {
          const id = `${key.network} ${key.environment} ${key.pubkey}`;
          const assignment = assigned.get(id);
          const row = assignment ? byKey.get(`${id} ${assignment.clientId}`) : undefined;
          return {
            network: key.network,
            environment: key.environment,
            pubkey: `0x${key.pubkey}`,
            beaconStatus: key.status,
            client: assignment?.clientId ?? null,
            state: keyState(key.status, row?.state === "imported" || row?.state === "removed", {
              requested: exitRequested.has(id),
              removed: row?.state === "removed",
            }),
            attempts: row?.attempts ?? 0,
            lastError: row?.lastError ?? null,
            importedAt: row?.importedAt?.toISOString() ?? null,
            removedAt: row?.removedAt?.toISOString() ?? null,
            slashingProtectionKept: row?.slashingProtection !== null && row?.slashingProtection !== undefined,
            move: assignment?.moveStep ? { to: assignment.moveTo, step: assignment.moveStep } : null,
          };
        }),
      };
    },
  );
}

import { and, eq, inArray, isNull, like, lte, ne, or, sql } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";
import { validatorClientAssignments, validatorClientImports, validators } from "../storage/schema.ts";
import { type KeymanagerClient, KeymanagerError } from "./keymanager-client.ts";

export interface RemovalScope {
  readonly network: string;
  readonly environment: string;
  /** The client's id (KEYMANAGER_CLIENTS_*). */
  readonly client: string;
  readonly keymanager: KeymanagerClient;
  readonly backoffMs: number;
  readonly maxBackoffMs: number;
  readonly onError?: (pubkey: string, message: string) => void;
  readonly stopped: () => boolean;
}

/**
 * Removes from one validator client (DELETE /eth/v1/keystores, keeping the EIP-3076 interchange it exports in the
 * database) every key it imported whose validator has exited (Beacon status exited_* or withdrawal_*), and every
 * key it holds or may hold that is assigned to another client with no move to this one under way (a key an
 * earlier version imported into several clients). A failure is retried with exponential backoff like an import;
 * a restart asks again and the client's "not_active" answer (removed before) returns the data once more.
 */
export async function removeExitedKeys(storage: Storage, scope: RemovalScope): Promise<void> {
  const exited = or(like(validators.status, "exited%"), like(validators.status, "withdrawal%"));
  const elsewhere = and(
    ne(validatorClientAssignments.clientId, scope.client),
    or(isNull(validatorClientAssignments.moveTo), ne(validatorClientAssignments.moveTo, scope.client)),
  );
  const due = await storage.db
    .select({ pubkey: validatorClientImports.pubkey, attempts: validatorClientImports.attempts })
    .from(validatorClientImports)
    .innerJoin(
      validators,
      and(
        eq(validators.network, validatorClientImports.network),
        eq(validators.environment, validatorClientImports.environment),
        eq(validators.pubkey, validatorClientImports.pubkey),
      ),
    )
    .leftJoin(
      validatorClientAssignments,
      and(
        eq(validatorClientAssignments.network, validatorClientImports.network),
        eq(validatorClientAssignments.environment, validatorClientImports.environment),
        eq(validatorClientAssignments.pubkey, validatorClientImports.pubkey),
      ),
    )
    .where(
      and(
        eq(validatorClientImports.network, scope.network),
        eq(validatorClientImports.environment, scope.environment),
        eq(validatorClientImports.client, scope.client),
        lte(validatorClientImports.nextAttemptAt, sql`now()`),
        or(
          and(eq(validatorClientImports.state, "imported"), exited),
          and(inArray(validatorClientImports.state, ["imported", "pending"]), elsewhere),
        ),
      ),
    );
  const key = (pubkey: string) =>
    and(
      eq(validatorClientImports.network, scope.network),
      eq(validatorClientImports.environment, scope.environment),
      eq(validatorClientImports.pubkey, pubkey),
      eq(validatorClientImports.client, scope.client),
    );
  for (const row of due) {
    if (scope.stopped()) return;
    try {
      const { interchange } = await scope.keymanager.removeKeystore(`0x${row.pubkey}`);
      if (interchange === undefined) {
        throw new KeymanagerError("keystore removal answered without a slashing_protection interchange");
      }
      await storage.db
        .update(validatorClientImports)
        .set({ state: "removed", slashingProtection: interchange, removedAt: new Date(), lastError: null })
        .where(key(row.pubkey));
    } catch (error) {
      if (scope.stopped()) return;
      const message = error instanceof Error ? error.message : String(error);
      const delay = Math.min(scope.backoffMs * 2 ** row.attempts, scope.maxBackoffMs);
      await storage.db
        .update(validatorClientImports)
        .set({
          lastError: message,
          attempts: row.attempts + 1,
          nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
        })
        .where(key(row.pubkey));
      scope.onError?.(row.pubkey, message);
    }
  }
}

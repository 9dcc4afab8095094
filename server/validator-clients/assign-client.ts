import { and, count, eq, inArray, isNull, like, sql } from "drizzle-orm";
import type { KeymanagerClientConfig } from "../config/keymanager-clients.ts";
import type { Storage } from "../storage/database.ts";
import { validatorClientAssignments, validatorClientImports } from "../storage/schema.ts";
import type { HandoffTarget } from "./handoff-target.ts";

export type Assignment = typeof validatorClientAssignments.$inferSelect;

/**
 * The client a new key goes to: the one with the smallest (keys assigned + 1) / weight, the earlier in
 * KEYMANAGER_CLIENTS_* on a tie, so keys spread in proportion to the weights (2:1 gives a, a, b, a, a, b...).
 * Clients of weight 0 take none. Keys already assigned never move when weights change.
 */
export function chooseClient(
  clients: readonly KeymanagerClientConfig[],
  assigned: ReadonlyMap<string, number>,
): string | undefined {
  let best: { id: string; load: number } | undefined;
  for (const client of clients) {
    if (client.weight <= 0) continue;
    const load = ((assigned.get(client.id) ?? 0) + 1) / client.weight;
    if (!best || load < best.load) best = { id: client.id, load };
  }
  return best?.id;
}

/**
 * Every key of `pubkeys` with its recorded client, recording one (chooseClient) for keys that have none. Two
 * server instances assigning the same key at once record one client: the first insert wins, the other reads it.
 */
export async function ensureAssignments(
  storage: Storage,
  target: HandoffTarget,
  pubkeys: readonly string[],
): Promise<Map<string, Assignment>> {
  const scope = and(
    eq(validatorClientAssignments.network, target.network),
    eq(validatorClientAssignments.environment, target.environment),
  );
  const read = async () =>
    new Map((await storage.db.select().from(validatorClientAssignments).where(scope)).map((row) => [row.pubkey, row]));
  let assignments = await read();
  const missing = pubkeys.filter((pubkey) => !assignments.has(pubkey));
  if (missing.length === 0) return assignments;
  const loads = await storage.db
    .select({ clientId: validatorClientAssignments.clientId, keys: count() })
    .from(validatorClientAssignments)
    .where(scope)
    .groupBy(validatorClientAssignments.clientId);
  const assigned = new Map(loads.map((row) => [row.clientId, row.keys]));
  for (const pubkey of missing) {
    const clientId = chooseClient(target.clients, assigned);
    if (!clientId) break;
    await storage.db
      .insert(validatorClientAssignments)
      .values({ network: target.network, environment: target.environment, pubkey, clientId })
      .onConflictDoNothing();
    assigned.set(clientId, (assigned.get(clientId) ?? 0) + 1);
  }
  assignments = await read();
  return assignments;
}

/** A Keymanager URL as an earlier version stored it in validator_client_imports.client. */
export function legacyClientName(url: string): string {
  const parsed = new URL(url);
  parsed.username = "";
  parsed.password = "";
  return parsed.toString().replace(/\/+$/, "");
}

/** An earlier version imported keys into a client whose URL no configured client has. */
export class LegacyImportsError extends Error {
  override readonly name = "LegacyImportsError";
}

/**
 * Takes over what an earlier version recorded by URL: renames validator_client_imports rows to the id of the
 * configured client with that URL, and assigns each key it imported (or was importing) to the client holding it
 * (the first in KEYMANAGER_CLIENTS_* holding it as imported, else as pending). A key held by several clients is
 * thereby assigned to one; removeExitedKeys deletes it from the others. Rows whose URL matches no client stop
 * the environment's handoff with a LegacyImportsError: those keys may be running somewhere unknown (on a
 * devnet, whose validator client starts empty each time, they are dropped instead).
 */
export async function adoptLegacyImports(storage: Storage, target: HandoffTarget): Promise<void> {
  const scope = and(
    eq(validatorClientImports.network, target.network),
    eq(validatorClientImports.environment, target.environment),
  );
  for (const client of target.clients) {
    await storage.db
      .update(validatorClientImports)
      .set({ client: client.id })
      .where(and(scope, eq(validatorClientImports.client, legacyClientName(client.url))));
  }
  const orphaned = and(
    scope,
    like(validatorClientImports.client, "%://%"),
    inArray(validatorClientImports.state, ["imported", "pending"]),
  );
  if (target.devnet) {
    // A devnet's validator client starts empty with each `npm start` (often on another port): nothing to adopt.
    await storage.db.delete(validatorClientImports).where(orphaned);
  }
  const [orphans] = await storage.db
    .select({ keys: sql<number>`count(distinct ${validatorClientImports.pubkey})::int` })
    .from(validatorClientImports)
    .where(orphaned);
  if ((orphans?.keys ?? 0) > 0) {
    throw new LegacyImportsError(
      `${orphans?.keys} keys were handed to a validator client by URL before client ids, and no client of ` +
        `KEYMANAGER_CLIENTS_${target.variableSuffix} has that URL now: give the client that holds them its old URL ` +
        "for one start, so they are adopted under its id (README, Validator clients); nothing is imported until then",
    );
  }
  const order = target.clients.map((client) => client.id);
  const held = await storage.db
    .select({
      pubkey: validatorClientImports.pubkey,
      client: validatorClientImports.client,
      state: validatorClientImports.state,
    })
    .from(validatorClientImports)
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
        scope,
        inArray(validatorClientImports.client, order),
        inArray(validatorClientImports.state, ["imported", "pending"]),
        isNull(validatorClientAssignments.pubkey),
      ),
    );
  const rank = (row: { client: string; state: string }) =>
    (row.state === "imported" ? 0 : order.length) + order.indexOf(row.client);
  const holder = new Map<string, { client: string; state: string }>();
  for (const row of held) {
    const current = holder.get(row.pubkey);
    if (!current || rank(row) < rank(current)) holder.set(row.pubkey, row);
  }
  for (const [pubkey, row] of holder) {
    await storage.db
      .insert(validatorClientAssignments)
      .values({ network: target.network, environment: target.environment, pubkey, clientId: row.client })
      .onConflictDoNothing();
  }
}

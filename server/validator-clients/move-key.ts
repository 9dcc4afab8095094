import { and, eq, isNull, sql } from "drizzle-orm";
import type { KeymanagerClientConfig } from "../config/keymanager-clients.ts";
import { keystorePassword } from "../deposits/keystore-password.ts";
import type { Storage } from "../storage/database.ts";
import {
  depositRequests,
  validatorClientAssignments,
  validatorClientImports,
  validatorKeys,
} from "../storage/schema.ts";
import { GenesisRoots } from "./genesis-root.ts";
import type { HandoffTarget } from "./handoff-target.ts";
import { emptyInterchange, KeymanagerClient } from "./keymanager-client.ts";
import { checkedInterchange } from "./move-interchange.ts";
import { MoveRefused } from "./move-refused.ts";

export interface MoveRequest {
  /** 96 lower-case hex digits, without 0x. */
  readonly pubkey: string;
  /** The id of the client the key goes to. */
  readonly to: string;
  /** The old client answered not_found for a key it had imported: the operator accepts an empty record. */
  readonly acceptNotFound: boolean;
}

export interface MoveOptions {
  readonly requestTimeoutMs?: number;
  /** How often to look whether a handoff import still holds the key (default 250 ms). */
  readonly claimPollMs?: number;
  /** Progress lines for the operator (no secrets). */
  readonly say: (line: string) => void;
}

/**
 * Moves one key from the client recorded for it to `request.to`, so it never runs in both: (1) DELETE
 * /eth/v1/keystores at the old client, which stops it signing and exports its EIP-3076 slashing-protection
 * record; the record is stored; (2) POST /eth/v1/keystores at the new client with that record, then its fee
 * recipient; (3) the assignment names the new client. The step reached is recorded
 * (validator_client_assignments.move_step), so running it again after a crash goes on from there; the new client
 * is never asked before the old one's delete succeeded. Throws MoveRefused when it must stop.
 */
export async function moveKey(
  storage: Storage,
  target: HandoffTarget,
  request: MoveRequest,
  options: MoveOptions,
): Promise<void> {
  const key = `0x${request.pubkey}`;
  const where = and(
    eq(validatorClientAssignments.network, target.network),
    eq(validatorClientAssignments.environment, target.environment),
    eq(validatorClientAssignments.pubkey, request.pubkey),
  );
  const read = async () => (await storage.db.select().from(validatorClientAssignments).where(where))[0];
  const ids = target.clients.map((client) => client.id);
  const clientOf = (id: string, role: string): KeymanagerClientConfig => {
    const client = target.clients.find((candidate) => candidate.id === id);
    if (client) return client;
    throw new MoveRefused(
      `${role} "${id}" is not a client of KEYMANAGER_CLIENTS_${target.variableSuffix} (its clients: ${ids.join(", ")})`,
    );
  };
  const [stored] = await storage.db
    .select({ keystore: validatorKeys.keystore, perKey: validatorKeys.keystorePerKeyPassword })
    .from(validatorKeys)
    .innerJoin(depositRequests, eq(depositRequests.id, validatorKeys.requestId))
    .where(
      and(
        eq(validatorKeys.pubkey, request.pubkey),
        eq(depositRequests.network, target.network),
        eq(depositRequests.environment, target.environment),
      ),
    );
  if (!stored)
    throw new MoveRefused(`${key} is not a key this server generated for ${target.network}/${target.environment}`);
  if (!stored.keystore || !stored.perKey) {
    throw new MoveRefused(`${key}'s keystore is still being written (with its own password); try again in a minute`);
  }
  let assignment = await read();
  if (!assignment) {
    throw new MoveRefused(
      `${key} has no validator client yet: it gets one at its handoff, once its deposit is indexed`,
    );
  }
  if (assignment.moveStep === null) {
    if (assignment.clientId === request.to) throw new MoveRefused(`${key} already runs in "${request.to}"`);
    clientOf(request.to, "--to");
    clientOf(assignment.clientId, "the client holding it,");
    await storage.db
      .update(validatorClientAssignments)
      .set({ moveTo: request.to, moveStep: "delete" })
      .where(
        and(
          where,
          eq(validatorClientAssignments.clientId, assignment.clientId),
          isNull(validatorClientAssignments.moveStep),
        ),
      );
    assignment = await read();
  }
  if (!assignment || assignment.moveTo !== request.to || assignment.moveStep === null) {
    throw new MoveRefused(
      `a move of ${key} to "${assignment?.moveTo}" is under way (step: ${assignment?.moveStep}); run again with --to ${assignment?.moveTo} to finish it`,
    );
  }
  const from = clientOf(assignment.clientId, "the client holding it,");
  const to = clientOf(request.to, "--to");
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const keymanager = (client: KeymanagerClientConfig) => new KeymanagerClient(client.url, client.token, timeoutMs);
  const root = await new GenesisRoots(timeoutMs).of(target.beaconApiUrl);
  const rowAt = async (client: string) =>
    (
      await storage.db
        .select()
        .from(validatorClientImports)
        .where(
          and(
            eq(validatorClientImports.network, target.network),
            eq(validatorClientImports.environment, target.environment),
            eq(validatorClientImports.pubkey, request.pubkey),
            eq(validatorClientImports.client, client),
          ),
        )
    )[0];
  const importsKey = {
    target: [
      validatorClientImports.network,
      validatorClientImports.environment,
      validatorClientImports.pubkey,
      validatorClientImports.client,
    ],
  };
  const scope = { network: target.network, environment: target.environment, pubkey: request.pubkey };
  options.say(`Moving ${key} from "${from.id}" to "${to.id}" (step: ${assignment.moveStep})`);

  if (assignment.moveStep === "delete") {
    await waitForImportClaim(storage, where, options);
    const removal = await keymanager(from).removeKeystore(key);
    let interchange: string;
    if (removal.status === "not_found") {
      const row = await rowAt(from.id);
      if (row?.slashingProtection) {
        interchange = row.slashingProtection;
        options.say(
          `"${from.id}" answered not_found; using the slashing-protection record stored when it removed the key`,
        );
      } else if (row?.state === "imported" && !request.acceptNotFound) {
        throw new MoveRefused(
          `"${from.id}" answered not_found: it does not hold ${key} and has no slashing-protection record for it, though it imported it (${row.importedAt?.toISOString()}). ` +
            `If that client lost its data, make sure nothing runs this key any more, then run again with --accept-not-found to import it into "${to.id}" with an empty record`,
        );
      } else {
        interchange = emptyInterchange(root, [key]);
        options.say(`"${from.id}" answered not_found (it never ran the key); "${to.id}" gets an empty record`);
      }
    } else {
      interchange = checkedInterchange(removal.interchange, key, root, from.id, removal.status);
    }
    await storage.db.transaction(async (tx) => {
      const removed = {
        state: "removed" as const,
        slashingProtection: interchange,
        removedAt: new Date(),
        lastError: null,
      };
      await tx
        .insert(validatorClientImports)
        .values({ ...scope, client: from.id, ...removed })
        .onConflictDoUpdate({ ...importsKey, set: removed });
      await tx
        .update(validatorClientAssignments)
        .set({ moveStep: "import", moveSlashingProtection: interchange })
        .where(where);
    });
    options.say(`Deleted from "${from.id}" (${removal.status}); its slashing-protection record is stored`);
    assignment = { ...assignment, moveStep: "import", moveSlashingProtection: interchange };
  }

  const interchange = assignment.moveSlashingProtection ?? emptyInterchange(root, [key]);
  const newClient = keymanager(to);
  await newClient.importKeystore(stored.keystore, keystorePassword(target.keystoreKey, request.pubkey), interchange);
  await newClient.setFeeRecipient(key, target.feeRecipient);
  await storage.db.transaction(async (tx) => {
    const imported = { state: "imported" as const, importedAt: new Date(), lastError: null, removedAt: null };
    await tx
      .insert(validatorClientImports)
      .values({ ...scope, client: to.id, ...imported })
      .onConflictDoUpdate({ ...importsKey, set: imported });
    await tx
      .update(validatorClientAssignments)
      .set({ clientId: to.id, moveTo: null, moveStep: null, moveSlashingProtection: null, movedAt: sql`now()` })
      .where(where);
  });
  options.say(
    `Imported into "${to.id}" with that record, fee recipient ${target.feeRecipient}: ${key} now runs in "${to.id}" only`,
  );
}

/** Waits until no handoff import into the old client holds the key (a claim runs out on its own). */
async function waitForImportClaim(
  storage: Storage,
  where: ReturnType<typeof and>,
  options: MoveOptions,
): Promise<void> {
  let told = false;
  for (;;) {
    const [row] = await storage.db
      .select({ busy: sql<boolean>`coalesce(${validatorClientAssignments.importClaimedUntil} > now(), false)` })
      .from(validatorClientAssignments)
      .where(where);
    if (!row?.busy) return;
    if (!told) options.say("A handoff import into the old client is in flight; waiting for it to end");
    told = true;
    await new Promise((resolve) => setTimeout(resolve, options.claimPollMs ?? 250));
  }
}

import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { KeymanagerClientConfig } from "../config/keymanager-clients.ts";
import { keystorePassword } from "../deposits/keystore-password.ts";
import type { Storage } from "../storage/database.ts";
import {
  depositRequests,
  validatorClientAssignments,
  validatorClientImports,
  validatorKeys,
  validators,
} from "../storage/schema.ts";
import { adoptLegacyImports, ensureAssignments } from "./assign-client.ts";
import { GenesisRoots } from "./genesis-root.ts";
import type { HandoffTarget } from "./handoff-target.ts";
import { emptyInterchange, KeymanagerClient } from "./keymanager-client.ts";
import { removeExitedKeys } from "./remove-exited-keys.ts";

export type { HandoffTarget } from "./handoff-target.ts";

/** Where a handoff problem happened: the client by its id (its URL may be secret), the key when there is one. */
export interface HandoffProblem {
  readonly network: string;
  readonly environment: string;
  readonly client?: string;
  readonly pubkey?: string;
}

export interface HandoffOptions {
  readonly storage: Storage;
  readonly targets: readonly HandoffTarget[];
  /** First retry after this, doubling each failure up to maxBackoffMs. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly requestTimeoutMs?: number;
  readonly onError?: (details: HandoffProblem, message: string) => void;
}

/**
 * Hands every deposited provider key to exactly one validator client over the Keymanager API: the client
 * recorded for it (validator_client_assignments, chosen by weight at its first handoff; only
 * `validator-clients:move` changes it). Imports its EIP-2335 keystore with its own derived password and an empty
 * EIP-3076 interchange, then sets its fee recipient to RewardsClaim. Import state per key and client id is in
 * validator_client_imports (a "duplicate" answer counts as imported); failures are retried with exponential
 * backoff, the last error kept. Exited keys, and keys a client holds that are assigned elsewhere, are removed.
 */
export class ValidatorHandoff {
  private readonly genesisRoots: GenesisRoots;
  private readonly adopted = new Set<HandoffTarget>();
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Aborted by stop(): a request in flight is dropped, its outcome left for the next start to learn. */
  private readonly stopping = new AbortController();

  constructor(private readonly options: HandoffOptions) {
    this.genesisRoots = new GenesisRoots(options.requestTimeoutMs ?? 10_000, this.stopping.signal);
  }

  /** Runs a pass now and then every intervalMs. */
  start(intervalMs: number): void {
    const tick = () => {
      if (this.stopped) return;
      this.runNow()
        .catch(() => {})
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
        });
    };
    tick();
  }

  /** One pass over every target (a pass already running is awaited instead). */
  runNow(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  private keymanager(client: KeymanagerClientConfig): KeymanagerClient {
    return new KeymanagerClient(client.url, client.token, this.options.requestTimeoutMs, this.stopping.signal);
  }

  private async pass(): Promise<void> {
    for (const target of this.options.targets) {
      const where = { network: target.network, environment: target.environment };
      try {
        await this.passOver(target);
      } catch (error) {
        if (this.stopped) return;
        this.options.onError?.(where, error instanceof Error ? error.message : String(error));
      }
    }
  }

  private async passOver(target: HandoffTarget): Promise<void> {
    const where = { network: target.network, environment: target.environment };
    if (!this.adopted.has(target)) {
      await adoptLegacyImports(this.options.storage, target);
      this.adopted.add(target);
    }
    for (const client of target.clients) {
      await removeExitedKeys(this.options.storage, {
        ...where,
        client: client.id,
        keymanager: this.keymanager(client),
        backoffMs: this.options.backoffMs ?? 2_000,
        maxBackoffMs: this.options.maxBackoffMs ?? 600_000,
        onError: (pubkey, message) => this.options.onError?.({ ...where, pubkey, client: client.id }, message),
        stopped: () => this.stopped,
      });
    }
    const keys = await this.options.storage.db
      .select({ pubkey: validatorKeys.pubkey, keystore: validatorKeys.keystore })
      .from(validatorKeys)
      .innerJoin(depositRequests, eq(depositRequests.id, validatorKeys.requestId))
      .innerJoin(
        validators,
        and(
          eq(validators.network, depositRequests.network),
          eq(validators.environment, depositRequests.environment),
          eq(validators.pubkey, validatorKeys.pubkey),
        ),
      )
      .where(
        and(
          eq(depositRequests.network, target.network),
          eq(depositRequests.environment, target.environment),
          isNotNull(validatorKeys.keystore),
          eq(validatorKeys.keystorePerKeyPassword, true),
        ),
      );
    if (keys.length === 0) return;
    const assignments = await ensureAssignments(
      this.options.storage,
      target,
      keys.map((key) => key.pubkey),
    );
    const rows = await this.options.storage.db
      .select()
      .from(validatorClientImports)
      .where(
        and(
          eq(validatorClientImports.network, target.network),
          eq(validatorClientImports.environment, target.environment),
        ),
      );
    const state = new Map(rows.map((row) => [`${row.pubkey} ${row.client}`, row]));
    const unlisted = new Map<string, number>();
    for (const key of keys) {
      if (this.stopped) return;
      const assignment = assignments.get(key.pubkey);
      if (!assignment || assignment.moveStep !== null) continue;
      const client = target.clients.find((candidate) => candidate.id === assignment.clientId);
      if (!client) {
        unlisted.set(assignment.clientId, (unlisted.get(assignment.clientId) ?? 0) + 1);
        continue;
      }
      const row = state.get(`${key.pubkey} ${client.id}`);
      if (row?.state === "imported" || row?.state === "removed" || (row && row.nextAttemptAt.getTime() > Date.now()))
        continue;
      await this.handOff(target, client, key.pubkey, key.keystore, row?.attempts ?? 0);
    }
    for (const [client, count] of unlisted) {
      this.options.onError?.(
        { ...where, client },
        `${count} keys are assigned to client "${client}", which KEYMANAGER_CLIENTS_${target.variableSuffix} no longer lists: add it back, or move them with validator-clients:move`,
      );
    }
  }

  /** Imports one key into its client, holding a claim on its assignment so a move waits for the import. */
  private async handOff(
    target: HandoffTarget,
    client: KeymanagerClientConfig,
    pubkey: string,
    keystore: unknown,
    attempts: number,
  ) {
    const storage = this.options.storage;
    const scope = { network: target.network, environment: target.environment, pubkey, client: client.id };
    const assignment = and(
      eq(validatorClientAssignments.network, target.network),
      eq(validatorClientAssignments.environment, target.environment),
      eq(validatorClientAssignments.pubkey, pubkey),
    );
    const claimMs = 2 * (this.options.requestTimeoutMs ?? 10_000) + 30_000;
    const claimed = await storage.db
      .update(validatorClientAssignments)
      .set({ importClaimedUntil: sql`now() + ${`${claimMs} milliseconds`}::interval` })
      .where(
        and(
          assignment,
          eq(validatorClientAssignments.clientId, client.id),
          isNull(validatorClientAssignments.moveStep),
        ),
      )
      .returning({ pubkey: validatorClientAssignments.pubkey });
    if (claimed.length === 0) return; // a move started since the pass read the assignment
    const keymanager = this.keymanager(client);
    const conflict = {
      target: [
        validatorClientImports.network,
        validatorClientImports.environment,
        validatorClientImports.pubkey,
        validatorClientImports.client,
      ],
    };
    try {
      const root = await this.genesisRoots.of(target.beaconApiUrl);
      await keymanager.importKeystore(
        keystore,
        keystorePassword(target.keystoreKey, pubkey),
        emptyInterchange(root, [`0x${pubkey}`]),
      );
      await keymanager.setFeeRecipient(`0x${pubkey}`, target.feeRecipient);
      const done = { state: "imported" as const, lastError: null, importedAt: new Date(), attempts: attempts + 1 };
      await storage.db
        .insert(validatorClientImports)
        .values({ ...scope, ...done })
        .onConflictDoUpdate({ ...conflict, set: done });
    } catch (error) {
      // Stopped mid-request: whether the client imported the key is unknown; the claim runs out on its own, and
      // the next start asks again (a "duplicate" answer then counts as imported).
      if (this.stopped) return;
      const message = error instanceof Error ? error.message : String(error);
      const base = this.options.backoffMs ?? 2_000;
      const delay = Math.min(base * 2 ** attempts, this.options.maxBackoffMs ?? 600_000);
      const failed = {
        state: "pending" as const,
        lastError: message,
        attempts: attempts + 1,
        nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
      };
      await storage.db
        .insert(validatorClientImports)
        .values({ ...scope, ...failed })
        .onConflictDoUpdate({ ...conflict, set: failed });
      this.options.onError?.(scope, message);
    }
    await storage.db.update(validatorClientAssignments).set({ importClaimedUntil: null }).where(assignment);
  }
}

import { and, asc, eq, isNull, not, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Storage } from "../storage/database.ts";
import { depositRequests, validatorKeys } from "../storage/schema.ts";
import type { KeyWorkerPool } from "./key-worker-pool.ts";
import type { SeedBranch } from "./seed-branch.ts";

/** A key without a keystore, or with one from before per-key passwords. */
const needsKeystore = or(isNull(validatorKeys.keystore), not(validatorKeys.keystorePerKeyPassword));

/**
 * Writes the EIP-2335 keystore of every stored key that has none yet (or one encrypted with KEYSTORE_KEY itself,
 * from before per-key passwords: rewritten with its own password, keystorePassword()), one at a time on the key threads'
 * background lane: after each deposit-data answer, and at start-up for keys a stopped server left without one.
 * A deposit-data request never waits for it (scrypt at EIP-2335's cost takes about half a second a key).
 */
export class KeystoreWriter {
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly storage: Storage,
    private readonly pool: KeyWorkerPool,
    /** Whose seed a network environment's keys come from; undefined when it is no longer configured. */
    private readonly rootOf: (network: string, environment: string) => SeedBranch["root"] | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts writing missing keystores, unless it already is (then it looks again when done). */
  schedule(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.log.error({ err: error }, "keystore writer stopped"))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.schedule();
        }
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.running;
  }

  private async drain(): Promise<void> {
    const failed = new Set<number>();
    while (!this.closed) {
      const rows = await this.storage.db
        .select({
          id: validatorKeys.id,
          info: validatorKeys.seedBranch,
          keyIndex: validatorKeys.keyIndex,
          network: depositRequests.network,
          environment: depositRequests.environment,
        })
        .from(validatorKeys)
        .innerJoin(depositRequests, eq(depositRequests.id, validatorKeys.requestId))
        .where(needsKeystore)
        .orderBy(asc(validatorKeys.id))
        .limit(failed.size + 1);
      const row = rows.find((candidate) => !failed.has(candidate.id));
      if (!row) return;
      const root = this.rootOf(row.network, row.environment);
      try {
        if (!root) throw new Error(`${row.network}/${row.environment} is not served here`);
        const keystore = await this.pool.keystore({
          kind: "keystore",
          branch: { root, info: row.info },
          keyIndex: row.keyIndex,
        });
        await this.storage.db
          .update(validatorKeys)
          .set({ keystore, keystorePerKeyPassword: true })
          .where(and(eq(validatorKeys.id, row.id), needsKeystore));
      } catch (error) {
        if (this.closed) return;
        failed.add(row.id);
        this.log.error(
          { err: error, keyId: row.id },
          "could not write a validator keystore; retried at the next start",
        );
      }
    }
  }
}

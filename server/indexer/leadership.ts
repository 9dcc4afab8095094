import type { ServedEnvironment } from "../rpc/served-environments.ts";
import type { Storage } from "../storage/database.ts";
import {
  fenceLease,
  LeaseLostError,
  type LeaseScope,
  releaseLease,
  type Transaction,
  takeOrRenewLease,
} from "./indexer-lease.ts";

export interface LeadershipOptions {
  readonly storage: Storage;
  /** This instance's id (INSTANCE_ID). */
  readonly holder: string;
  /** How long a take or renewal holds an environment's lease (INDEXER_LEASE_MS). */
  readonly ttlMs: number;
  /** Called when this instance takes (true) or loses (false) the lease of "network/environment". */
  readonly onChange?: (environment: string, held: boolean) => void;
  readonly onError?: (environment: string, error: unknown) => void;
}

const keyOf = (entry: ServedEnvironment) => `${entry.network}/${entry.environment.id}`;

/** Which environments this instance indexes: those whose lease it holds, renewed while it runs. */
export class Leadership {
  private readonly held = new Set<string>();

  constructor(private readonly options: LeadershipOptions) {}

  /** Whether this instance held the environment's lease at its last take, renewal or fencing check. */
  holds(entry: ServedEnvironment): boolean {
    return this.held.has(keyOf(entry));
  }

  /** Takes or renews the environment's lease; returns whether this instance holds it now. */
  async renew(entry: ServedEnvironment): Promise<boolean> {
    let holds = false;
    try {
      holds = await takeOrRenewLease(this.options.storage.db, this.scope(entry));
    } catch (error) {
      this.options.onError?.(keyOf(entry), error);
    }
    return this.note(entry, holds);
  }

  /** A fence for the environment's indexer transactions: they commit only while this instance holds the lease. */
  fence(entry: ServedEnvironment): (tx: Transaction) => Promise<void> {
    return async (tx) => {
      try {
        await fenceLease(tx, this.scope(entry));
      } catch (error) {
        if (error instanceof LeaseLostError) this.note(entry, false);
        throw error;
      }
    };
  }

  /** Gives up every lease this instance holds, so another instance takes over without waiting for expiry. */
  async release(entries: readonly ServedEnvironment[]): Promise<void> {
    for (const entry of entries) {
      if (!this.held.has(keyOf(entry))) continue;
      // If this fails the lease simply expires and another instance takes over a little later.
      await releaseLease(this.options.storage.db, this.scope(entry)).catch((error: unknown) =>
        this.options.onError?.(keyOf(entry), error),
      );
      this.note(entry, false);
    }
  }

  private note(entry: ServedEnvironment, holds: boolean): boolean {
    const key = keyOf(entry);
    if (holds !== this.held.has(key)) {
      if (holds) this.held.add(key);
      else this.held.delete(key);
      this.options.onChange?.(key, holds);
    }
    return holds;
  }

  private scope(entry: ServedEnvironment): LeaseScope {
    return {
      network: entry.network,
      environment: entry.environment.id,
      holder: this.options.holder,
      ttlMs: this.options.ttlMs,
    };
  }
}

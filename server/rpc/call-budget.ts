import type { SharedCounter } from "../limits/shared-counter.ts";

/**
 * Calls per client per minute, counting every call of a batch: a batch of 100 calls costs 100, as 100 single
 * requests would. Counted in PostgreSQL (a SharedCounter), so the budget holds across every server instance.
 *
 * So that the proxy does not wait on the database for every request, an instance takes calls from the shared
 * budget in leases of 1% of it (at least the request's own calls) and spends them locally until the lease is
 * used or its window ends: a client sending single calls costs one upsert per lease, not per request. Leased
 * calls count as used in the database at once, so instances together never let more than the budget through;
 * a lease an instance does not use up is lost to the client until its window ends (at most 1% of the budget
 * per instance the client reached). When a lease does not fit, exactly the request's calls are asked for.
 */
export type Spend = { ok: true } | { ok: false; retryAfterSeconds: number; used: number };

const SPENT: Spend = { ok: true };

interface Lease {
  left: number;
  readonly endsAt: number;
}

export class CallBudget {
  private readonly leases = new Map<string, Lease>();
  private readonly leaseSize: number;
  private sweptAt = Date.now();

  constructor(
    private readonly counter: SharedCounter,
    readonly maxCalls: number,
    private readonly windowMs = 60_000,
  ) {
    this.leaseSize = Math.floor(maxCalls / 100);
  }

  /**
   * Spends `calls` from the client's budget, or spends nothing and says when to come back if it is short. Spent
   * from a lease, the answer is there at once (no promise: most requests); otherwise after the database.
   */
  spend(client: string, calls: number): Spend | Promise<Spend> {
    const now = Date.now();
    this.sweep(now);
    const lease = this.leases.get(client);
    if (lease && lease.endsAt > now && lease.left >= calls) {
      lease.left -= calls;
      return SPENT;
    }
    return this.take(client, calls);
  }

  /** Takes a new lease (or exactly `calls`) from the shared counter. */
  private async take(client: string, calls: number): Promise<Spend> {
    const key = `rpc-calls:${client}`;
    const chunk = Math.max(calls, this.leaseSize);
    let taken = await this.counter.take(key, chunk, this.maxCalls, this.windowMs);
    let got = chunk;
    if (!taken.ok && chunk > calls) {
      taken = await this.counter.take(key, calls, this.maxCalls, this.windowMs);
      got = calls;
    }
    if (!taken.ok) {
      return { ok: false, used: taken.used, retryAfterSeconds: Math.max(1, Math.ceil(taken.msLeft / 1000)) };
    }
    if (got > calls) this.leases.set(client, { left: got - calls, endsAt: Date.now() + taken.msLeft });
    return { ok: true };
  }

  /** Forgets leases whose window ended, once a window. */
  private sweep(now: number): void {
    if (now - this.sweptAt < this.windowMs) return;
    this.sweptAt = now;
    for (const [client, lease] of this.leases) if (lease.endsAt <= now) this.leases.delete(client);
  }
}

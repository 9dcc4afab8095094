import type { SharedCounter } from "../limits/shared-counter.ts";

/**
 * Calls per client per minute, counting every call of a batch: a batch of 100 calls costs 100, as 100 single
 * requests would. Counted in PostgreSQL (a SharedCounter: one upsert per request, whatever its number of calls),
 * so the budget holds across every server instance; fixed windows on the database's clock.
 */
export type Spend = { ok: true } | { ok: false; retryAfterSeconds: number; used: number };

export class CallBudget {
  constructor(
    private readonly counter: SharedCounter,
    readonly maxCalls: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Spends `calls` from the client's budget, or spends nothing and says when to come back if it is short. */
  async spend(client: string, calls: number): Promise<Spend> {
    const taken = await this.counter.take(`rpc-calls:${client}`, calls, this.maxCalls, this.windowMs);
    if (taken.ok) return { ok: true };
    return { ok: false, used: taken.used, retryAfterSeconds: Math.max(1, Math.ceil(taken.msLeft / 1000)) };
  }
}

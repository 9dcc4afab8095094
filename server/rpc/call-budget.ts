/**
 * Calls per client per minute, counting every call of a batch: a batch of 100 calls costs 100, as 100 single
 * requests would. A fixed window per client starts at its first call; windows that ended are swept once a window.
 */
export type Spend = { ok: true } | { ok: false; retryAfterSeconds: number; used: number };

interface Window {
  readonly startedAt: number;
  used: number;
}

export class CallBudget {
  private readonly windows = new Map<string, Window>();
  private sweptAt = Date.now();

  constructor(
    readonly maxCalls: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Spends `calls` from the client's budget, or spends nothing and says when to come back if it is short. */
  spend(client: string, calls: number): Spend {
    const now = Date.now();
    this.sweep(now);
    let window = this.windows.get(client);
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, used: 0 };
      this.windows.set(client, window);
    }
    if (window.used + calls > this.maxCalls) {
      return {
        ok: false,
        used: window.used,
        retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000)),
      };
    }
    window.used += calls;
    return { ok: true };
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < this.windowMs) return;
    this.sweptAt = now;
    for (const [client, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(client);
    }
  }
}

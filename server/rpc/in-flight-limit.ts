/**
 * How many proxied requests may be in flight at once, per client and overall. Each one may hold an upstream
 * connection and up to the answer size limit in memory until it ends, so both are bounded.
 */
export type Entry = { ok: true; leave: () => void } | { ok: false; full: "client" | "server" };

export class InFlightLimit {
  private readonly perClient = new Map<string, number>();
  private total = 0;

  constructor(
    readonly maxPerClient: number,
    readonly maxTotal: number,
  ) {}

  /** Takes a place for the client's request; `leave` gives it back (once, however often it is called). */
  enter(client: string): Entry {
    const mine = this.perClient.get(client) ?? 0;
    if (mine >= this.maxPerClient) return { ok: false, full: "client" };
    if (this.total >= this.maxTotal) return { ok: false, full: "server" };
    this.perClient.set(client, mine + 1);
    this.total++;
    let left = false;
    return {
      ok: true,
      leave: () => {
        if (left) return;
        left = true;
        this.total--;
        const remaining = (this.perClient.get(client) ?? 1) - 1;
        if (remaining > 0) this.perClient.set(client, remaining);
        else this.perClient.delete(client);
      },
    };
  }
}

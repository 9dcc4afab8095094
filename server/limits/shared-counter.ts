import { sql } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";

/** What taking from a limit gave: taken or not, the hits in the window (before a refusal) and its time left. */
export interface Take {
  readonly ok: boolean;
  /** Hits counted in the window: after this take when ok, before it when refused. */
  readonly used: number;
  /** Milliseconds until the window ends and the key starts again from 0. */
  readonly msLeft: number;
}

/**
 * Rate-limit counters kept in PostgreSQL (table rate_limit_counters), so every server instance on the database
 * counts toward the same limits. A key's window starts at its first hit and lasts `windowMs` on the database's
 * clock (one clock for all instances); each take is one atomic upsert (one round trip) that adds `amount` only
 * if the total stays within `max`, so concurrent takes on several instances cannot overshoot and a refused take
 * spends nothing. Windows that ended are deleted at most once a minute per instance.
 */
export class SharedCounter {
  private sweptAt = 0;

  constructor(
    private readonly storage: Storage,
    private readonly sweepEveryMs = 60_000,
  ) {}

  async take(key: string, amount: number, max: number, windowMs: number): Promise<Take> {
    this.sweep();
    const window = sql`${windowMs}::float8 * interval '1 millisecond'`;
    const [row] = await this.storage.rows<{
      taken: number | null;
      before: number | null;
      ms_left: string | number;
    }>(sql`
      with up as (
        insert into rate_limit_counters as c (key, expires_at, hits)
        select ${key}::text, now() + ${window}, ${amount}::int8 where ${amount}::int8 <= ${max}::int8
        on conflict (key) do update set
          hits = case when c.expires_at <= now() then excluded.hits else c.hits + excluded.hits end,
          expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
        where c.expires_at <= now() or c.hits + excluded.hits <= ${max}::int8
        returning hits, expires_at
      ), before as (
        select hits, expires_at from rate_limit_counters where key = ${key}::text and expires_at > now()
      )
      select (select hits from up) as taken, (select hits from before) as before,
        extract(epoch from coalesce((select expires_at from up), (select expires_at from before), now() + ${window}) - now()) * 1000 as ms_left`);
    const msLeft = Math.max(0, Number(row?.ms_left ?? windowMs));
    if (row?.taken != null) return { ok: true, used: Number(row.taken), msLeft };
    return { ok: false, used: Number(row?.before ?? 0), msLeft };
  }

  /** Deletes windows that ended, in the background: a failed sweep is retried by the next one. */
  private sweep(): void {
    const now = Date.now();
    if (now - this.sweptAt < this.sweepEveryMs) return;
    this.sweptAt = now;
    this.storage.db.execute(sql`delete from rate_limit_counters where expires_at < now()`).catch(() => {
      this.sweptAt = 0;
    });
  }
}

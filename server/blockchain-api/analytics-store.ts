import { sql } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";

/** How long analytics events are kept, and how many at most. */
export interface AnalyticsRetention {
  /** Events received longer ago than this are deleted (ANALYTICS_RETENTION_DAYS, default 30). */
  readonly retentionDays: number;
  /** Beyond this many stored events, new ones are refused (ANALYTICS_MAX_EVENTS). */
  readonly maxEvents: number;
}

export interface AnalyticsEvent {
  readonly origin: string;
  readonly projectId: string;
  readonly eventId: string;
  readonly url: string;
  readonly domain: string;
  readonly occurredAt: Date;
  readonly props: Record<string, unknown>;
}

/** At most this often an instance deletes expired events while storing one; and on its own timer. */
const PRUNE_ON_INSERT_EVERY_MS = 60_000;
const PRUNE_TIMER_MS = 3_600_000;

/**
 * The analytics_events table with its limits: events expire `retentionDays` after they were received, and at
 * most `maxEvents` are kept (a total over all origins: the allowed origins are few and any script can claim
 * one, so a per-origin cap would not bound the table). Expired events are deleted by every instance, at most
 * once a minute when it stores an event and once an hour on a timer (a delete by received_at, indexed, that
 * several instances may run at once harmlessly). The count is the span of ids still stored (ids only grow and
 * events leave oldest first), read from the primary key in one step, so the cap costs no table scan; it can
 * only overcount, by ids a failed insert skipped.
 */
export class AnalyticsStore {
  private prunedAt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly storage: Storage,
    private readonly retention: AnalyticsRetention,
  ) {}

  /** Stores one event, or answers "full" (storing nothing) when `maxEvents` are stored already. */
  async add(event: AnalyticsEvent): Promise<"stored" | "full"> {
    if (Date.now() - this.prunedAt >= PRUNE_ON_INSERT_EVERY_MS) await this.prune();
    const inserted = await this.storage.rows<{ id: number }>(sql`
      insert into analytics_events (origin, project_id, event_id, url, domain, occurred_at, props)
      select ${event.origin}, ${event.projectId}, ${event.eventId}, ${event.url}, ${event.domain},
        ${event.occurredAt.toISOString()}::timestamptz, ${JSON.stringify(event.props)}::jsonb
      where (select coalesce(max(id) - min(id) + 1, 0) from analytics_events) < ${this.retention.maxEvents}
      returning id`);
    return inserted.length > 0 ? "stored" : "full";
  }

  /** Deletes events received more than retentionDays ago; answers how many. */
  async prune(): Promise<number> {
    this.prunedAt = Date.now();
    const [deleted] = await this.storage.rows<{ count: number }>(sql`
      with gone as (
        delete from analytics_events
        where received_at < now() - ${this.retention.retentionDays}::int * interval '1 day'
        returning 1
      )
      select count(*)::int as count from gone`);
    return Number(deleted?.count ?? 0);
  }

  /** Prunes once an hour until stop(); a failed prune is retried by the next. */
  start(onError: (error: unknown) => void): void {
    this.timer ??= setInterval(() => this.prune().catch(onError), PRUNE_TIMER_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

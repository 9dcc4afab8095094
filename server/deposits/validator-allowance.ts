import { eq, sql } from "drizzle-orm";
import { ApiError } from "../http/api-error.ts";
import type { Storage } from "../storage/database.ts";
import { depositRateEvents } from "../storage/schema.ts";

export interface ValidatorAllowance {
  /** Gives the validators back when the request they were taken for created nothing. */
  refund(): Promise<void>;
}

/**
 * Takes `validators` from a client address's allowance (DEPOSIT_VALIDATORS_PER_MINUTE over the last 60 s),
 * kept in PostgreSQL so every server instance shares it; throws a 429 with Retry-After (when enough of the
 * client's earlier validators leave the window) if it would go past `perMinute`. One client's requests are
 * counted one after another (an advisory lock on the client), so concurrent requests cannot overshoot.
 */
export async function takeValidatorAllowance(
  storage: Storage,
  input: { readonly client: string; readonly validators: number; readonly perMinute: number; readonly field: string },
): Promise<ValidatorAllowance> {
  const { client, validators, perMinute, field } = input;
  const id = await storage.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit-allowance:${client}`}))`);
    await tx.execute(sql`delete from deposit_rate_events where at < now() - interval '1 minute'`);
    const result = (await tx.execute(sql`
      select validators, extract(epoch from at + interval '1 minute' - now()) as seconds_left
      from deposit_rate_events where client = ${client} order by at`)) as unknown as {
      rows: Array<{ validators: number; seconds_left: string | number }>;
    };
    const used = result.rows.reduce((sum, row) => sum + Number(row.validators), 0);
    if (used + validators > perMinute) {
      // Wait until enough of the oldest validators leave the window (a request larger than the limit never fits).
      let left = used;
      let wait = 60;
      for (const row of result.rows) {
        if (left + validators <= perMinute) break;
        left -= Number(row.validators);
        wait = Number(row.seconds_left);
      }
      const retryAfter = Math.max(1, Math.ceil(wait));
      throw new ApiError(
        429,
        "deposit_validators_rate_limited",
        `${field}: one address may ask for at most ${perMinute} new validators a minute (DEPOSIT_VALIDATORS_PER_MINUTE); it asked for ${used} in the last minute and this request asks for ${validators}: retry after ${retryAfter} s or ask for fewer (retries with the same idempotency key are not counted)`,
        field,
        retryAfter,
      );
    }
    const [row] = await tx
      .insert(depositRateEvents)
      .values({ client, validators, at: sql`now()` })
      .returning({ id: depositRateEvents.id });
    return (row as { id: number }).id;
  });
  return {
    async refund() {
      await storage.db.delete(depositRateEvents).where(eq(depositRateEvents.id, id));
    },
  };
}

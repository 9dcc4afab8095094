import { sql } from "drizzle-orm";
import { ApiError } from "../http/api-error.ts";
import type { Storage } from "../storage/database.ts";

export interface ValidatorAllowance {
  /** Gives the validators back when the request they were taken for created nothing. */
  refund(): Promise<void>;
}

/**
 * Takes `validators` from a client address's allowance for the current minute (DEPOSIT_VALIDATORS_PER_MINUTE),
 * in PostgreSQL so every server instance shares it; throws a 429 with Retry-After (the minute's end) when it
 * would go past `perMinute`. Windows are whole minutes of the database's clock.
 */
export async function takeValidatorAllowance(
  storage: Storage,
  input: { readonly client: string; readonly validators: number; readonly perMinute: number; readonly field: string },
): Promise<ValidatorAllowance> {
  const { client, validators, perMinute, field } = input;
  const refuse = (used: number, retryAfter: number) =>
    new ApiError(
      429,
      "deposit_validators_rate_limited",
      `${field}: one address may ask for at most ${perMinute} new validators a minute (DEPOSIT_VALIDATORS_PER_MINUTE); ${used} were asked for this minute and this request asks for ${validators}: retry after ${retryAfter} s, or ask for fewer (retries with the same idempotency key are not counted)`,
      field,
      retryAfter,
    );
  const [clock] = await storage.rows<{ window: string; left: number | string }>(
    sql`select date_trunc('minute', now())::text as window, ceil(extract(epoch from date_trunc('minute', now()) + interval '1 minute' - now())) as left`,
  );
  const window = (clock as { window: string }).window;
  const retryAfter = Math.max(1, Number(clock?.left));
  if (validators > perMinute) throw refuse(0, retryAfter);
  await storage.rows(sql`delete from deposit_rate_windows where window_start < ${window}::timestamptz`);
  const taken = await storage.rows<{ validators: number }>(sql`
    insert into deposit_rate_windows (window_start, client, validators)
    values (${window}::timestamptz, ${client}, ${validators})
    on conflict (window_start, client) do update
      set validators = deposit_rate_windows.validators + excluded.validators
      where deposit_rate_windows.validators + excluded.validators <= ${perMinute}
    returning validators`);
  if (taken.length === 0) {
    const [used] = await storage.rows<{ validators: number }>(
      sql`select validators from deposit_rate_windows where window_start = ${window}::timestamptz and client = ${client}`,
    );
    throw refuse(Number(used?.validators ?? 0), retryAfter);
  }
  return {
    async refund() {
      await storage.rows(sql`
        update deposit_rate_windows set validators = greatest(0, validators - ${validators})
        where window_start = ${window}::timestamptz and client = ${client}`);
    },
  };
}

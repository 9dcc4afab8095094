import { createHmac, randomInt } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { ApiError } from "../http/api-error.ts";
import type { Storage } from "../storage/database.ts";
import { embeddedWalletCodes } from "../storage/schema.ts";

/** A code works for 10 minutes, and for at most 5 wrong tries; then a new one is needed. */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;

export interface CodeFields {
  /** Where the code is sent. */
  readonly email: string;
  readonly deviceId?: string;
  readonly userId?: string;
  readonly newEmail?: string;
}

export type PendingCode = typeof embeddedWalletCodes.$inferSelect;

/**
 * Six-digit one-time codes, stored as an HMAC (never the code), one pending code per key: issuing another
 * replaces it. Checking consumes a right code atomically (one delete), so two requests cannot both use it;
 * a wrong one counts a try.
 */
export class OneTimeCodes {
  constructor(
    private readonly storage: Storage,
    private readonly hmacKey: Buffer,
    private readonly now: () => Date,
  ) {}

  private hash(key: string, code: string): string {
    return createHmac("sha256", this.hmacKey).update(`${key}\n${code}`).digest("hex");
  }

  /** A new code for `key`, replacing any pending one. */
  async issue(key: string, fields: CodeFields): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const row = {
      key,
      codeHash: this.hash(key, code),
      email: fields.email,
      deviceId: fields.deviceId ?? null,
      userId: fields.userId ?? null,
      newEmail: fields.newEmail ?? null,
      wrongTries: 0,
      expiresAt: new Date(this.now().getTime() + CODE_TTL_MS),
    };
    await this.storage.db.delete(embeddedWalletCodes).where(lt(embeddedWalletCodes.expiresAt, this.now()));
    await this.storage.db
      .insert(embeddedWalletCodes)
      .values(row)
      .onConflictDoUpdate({ target: embeddedWalletCodes.key, set: row });
    return code;
  }

  /** The pending code of `key` (unchecked), if any. */
  async pending(key: string): Promise<PendingCode | undefined> {
    const [row] = await this.storage.db.select().from(embeddedWalletCodes).where(eq(embeddedWalletCodes.key, key));
    return row;
  }

  /** Consumes the code of `key` when `code` is right; otherwise throws a 400 saying what to do. */
  async consume(key: string, code: string): Promise<PendingCode> {
    const now = this.now();
    const [used] = await this.storage.db
      .delete(embeddedWalletCodes)
      .where(
        and(
          eq(embeddedWalletCodes.key, key),
          eq(embeddedWalletCodes.codeHash, this.hash(key, code)),
          gt(embeddedWalletCodes.expiresAt, now),
          lt(embeddedWalletCodes.wrongTries, MAX_WRONG_TRIES),
        ),
      )
      .returning();
    if (used) return used;
    const pending = await this.pending(key);
    if (!pending) throw new ApiError(400, "otp_not_found", "No code is waiting here: ask for a new code", "otp");
    if (pending.expiresAt <= now) {
      await this.storage.db.delete(embeddedWalletCodes).where(eq(embeddedWalletCodes.key, key));
      throw new ApiError(
        400,
        "otp_expired",
        "This code has expired (codes work for 10 minutes): ask for a new code",
        "otp",
      );
    }
    const [counted] = await this.storage.db
      .update(embeddedWalletCodes)
      .set({ wrongTries: sql`${embeddedWalletCodes.wrongTries} + 1` })
      .where(eq(embeddedWalletCodes.key, key))
      .returning({ wrongTries: embeddedWalletCodes.wrongTries });
    const wrongTries = counted?.wrongTries ?? MAX_WRONG_TRIES;
    if (wrongTries >= MAX_WRONG_TRIES) {
      await this.storage.db.delete(embeddedWalletCodes).where(eq(embeddedWalletCodes.key, key));
      throw new ApiError(
        400,
        "otp_too_many_tries",
        `Wrong code, ${MAX_WRONG_TRIES} times: this code no longer works; ask for a new code`,
        "otp",
      );
    }
    const left = MAX_WRONG_TRIES - wrongTries;
    throw new ApiError(400, "otp_wrong", `Wrong code: ${left} ${left === 1 ? "try" : "tries"} left`, "otp");
  }
}

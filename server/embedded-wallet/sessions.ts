import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";
import { embeddedWalletSessions } from "../storage/schema.ts";

/** A session lasts 24 hours. */
export const SESSION_TTL_MS = 24 * 60 * 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Embedded-wallet sessions: random 32-byte bearer tokens, stored only as their SHA-256. */
export class WalletSessions {
  constructor(
    private readonly storage: Storage,
    private readonly now: () => Date,
  ) {}

  async open(userId: string, deviceId: string): Promise<string> {
    const token = randomBytes(32).toString("hex");
    await this.storage.db.delete(embeddedWalletSessions).where(lt(embeddedWalletSessions.expiresAt, this.now()));
    await this.storage.db.insert(embeddedWalletSessions).values({
      tokenHash: hashToken(token),
      userId,
      deviceId,
      expiresAt: new Date(this.now().getTime() + SESSION_TTL_MS),
    });
    return token;
  }

  async find(token: string): Promise<{ userId: string; deviceId: string } | undefined> {
    const [row] = await this.storage.db
      .select({ userId: embeddedWalletSessions.userId, deviceId: embeddedWalletSessions.deviceId })
      .from(embeddedWalletSessions)
      .where(
        and(eq(embeddedWalletSessions.tokenHash, hashToken(token)), gt(embeddedWalletSessions.expiresAt, this.now())),
      );
    return row;
  }

  /**
   * Ends every session of `userId` except the one of `keepToken` (the one that made the change): after the login
   * e-mail changed or the wallet was restored, other browsers must sign in again.
   */
  async endOthers(userId: string, keepToken: string): Promise<number> {
    const ended = await this.storage.db
      .delete(embeddedWalletSessions)
      .where(and(eq(embeddedWalletSessions.userId, userId), ne(embeddedWalletSessions.tokenHash, hashToken(keepToken))))
      .returning({ tokenHash: embeddedWalletSessions.tokenHash });
    return ended.length;
  }

  async end(token: string): Promise<void> {
    await this.storage.db.delete(embeddedWalletSessions).where(eq(embeddedWalletSessions.tokenHash, hashToken(token)));
  }
}

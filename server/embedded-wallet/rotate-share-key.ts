import { and, asc, count, eq, gt, isNotNull, like, not } from "drizzle-orm";
import type { Storage } from "../storage/database.ts";
import { embeddedWalletUsers } from "../storage/schema.ts";
import { type ShareCipher, ShareDecryptionError } from "./share-cipher.ts";

export interface RotationProgress {
  /** Shares re-encrypted under the current key so far. */
  readonly rewrapped: number;
  /** Shares that could not be read (unknown key or altered row), left as they are. */
  readonly failed: number;
}

export interface RotationReport extends RotationProgress {
  /** The current key's id (never the key). */
  readonly keyId: string;
  /** Shares under the current key once the run ended (including those rewrapped). */
  readonly current: number;
  /** Users whose share could not be read, with why (no key material in either). */
  readonly failures: readonly { readonly userId: string; readonly reason: string }[];
}

/**
 * Re-encrypts every stored server share under the current share key (EMBEDDED_WALLET_SHARE_KEY), reading them
 * with it or a previous key (EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS), `batchSize` users per transaction in id order.
 * Idempotent and resumable: a share already under the current key is never selected, so a second run, or a run
 * after an interrupted one, rewraps only what is left. A row changed meanwhile (the frame stored a new share) is
 * left alone: its new share is under the current key already.
 */
export async function rotateShareKey(
  storage: Storage,
  cipher: ShareCipher,
  options: { batchSize?: number; onBatch?: (progress: RotationProgress) => void } = {},
): Promise<RotationReport> {
  const batchSize = options.batchSize ?? 500;
  const underOtherKey = and(
    isNotNull(embeddedWalletUsers.serverShare),
    isNotNull(embeddedWalletUsers.address),
    not(like(embeddedWalletUsers.serverShare, `${cipher.currentPrefix}%`)),
  );
  const failures: { userId: string; reason: string }[] = [];
  let rewrapped = 0;
  let after = "";
  for (;;) {
    const rows = await storage.db
      .select({
        id: embeddedWalletUsers.id,
        address: embeddedWalletUsers.address,
        share: embeddedWalletUsers.serverShare,
      })
      .from(embeddedWalletUsers)
      .where(and(underOtherKey, gt(embeddedWalletUsers.id, after)))
      .orderBy(asc(embeddedWalletUsers.id))
      .limit(batchSize);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.id ?? after;
    await storage.db.transaction(async (tx) => {
      for (const row of rows) {
        if (!row.address || !row.share) continue;
        let share: string;
        try {
          share = cipher.decrypt(row.share, row.id, row.address);
        } catch (error) {
          if (!(error instanceof ShareDecryptionError)) throw error;
          failures.push({ userId: row.id, reason: error.message });
          continue;
        }
        const updated = await tx
          .update(embeddedWalletUsers)
          .set({ serverShare: cipher.encrypt(share, row.id, row.address) })
          .where(and(eq(embeddedWalletUsers.id, row.id), eq(embeddedWalletUsers.serverShare, row.share)))
          .returning({ id: embeddedWalletUsers.id });
        rewrapped += updated.length;
      }
    });
    options.onBatch?.({ rewrapped, failed: failures.length });
  }
  const [counted] = await storage.db
    .select({ current: count() })
    .from(embeddedWalletUsers)
    .where(like(embeddedWalletUsers.serverShare, `${cipher.currentPrefix}%`));
  return { keyId: cipher.keyId, rewrapped, failed: failures.length, current: counted?.current ?? 0, failures };
}

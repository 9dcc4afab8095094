import { eq } from "drizzle-orm";
import { EMAIL_COOLDOWN_SECONDS, type EmbeddedWalletUser } from "../../src/core/api/embedded-wallet.ts";
import { ApiError } from "../http/api-error.ts";
import type { SharedCounter } from "../limits/shared-counter.ts";
import type { Storage } from "../storage/database.ts";
import { embeddedWalletUsers } from "../storage/schema.ts";
import { EmailThrottledError, mailUnavailable, noSession, shareKeyUnknown } from "./embedded-wallet-errors.ts";
import { mailTexts } from "./mail-texts.ts";
import type { Mailer, OutgoingMail } from "./mailer.ts";
import type { OneTimeCodes } from "./one-time-codes.ts";
import { type ShareCipher, ShareKeyUnknownError } from "./share-cipher.ts";
import { normalEmail, publicUser, type UserRow, userByEmail, userById } from "./wallet-users.ts";
import { WrongCodeLimit } from "./wrong-code-limit.ts";

export interface WalletAccountsOptions {
  readonly storage: Storage;
  readonly mailer: Mailer;
  readonly codes: OneTimeCodes;
  readonly cipher: ShareCipher;
  readonly counter: SharedCounter;
}

const primaryKey = (userId: string) => `update-primary:${userId}`;
const secondaryKey = (userId: string) => `update-secondary:${userId}`;
const emailTaken = () =>
  new ApiError(409, "email_taken", "Another wallet signs in with this e-mail address: choose another", "newEmail");

/**
 * What a signed-in user does with the account: read it, read the server's key share (encrypted at rest, bound
 * to the user and address; server-shares.ts stores it), and move the login to another e-mail address with a
 * code sent to the current address, then one sent to the new one.
 */
export function createWalletAccounts(options: WalletAccountsOptions) {
  const { storage, codes, cipher } = options;
  const wrongCodes = new WrongCodeLimit(options.counter);

  const send = async (mail: OutgoingMail) => {
    try {
      await options.mailer.send(mail);
    } catch {
      throw mailUnavailable();
    }
  };

  const user = async (userId: string): Promise<UserRow> => {
    const row = await userById(storage, userId);
    if (!row) throw noSession();
    return row;
  };

  return {
    async user(userId: string): Promise<EmbeddedWalletUser> {
      return publicUser(await user(userId));
    },

    async share(userId: string): Promise<{ address: `0x${string}`; serverShare: string }> {
      const row = await user(userId);
      if (!row.address || !row.serverShare)
        throw new ApiError(404, "no_wallet", "This account has no wallet yet: create one first");
      try {
        return {
          address: row.address as `0x${string}`,
          serverShare: cipher.decrypt(row.serverShare, userId, row.address),
        };
      } catch (error) {
        if (error instanceof ShareKeyUnknownError) throw shareKeyUnknown(error.keyId);
        throw error;
      }
    },

    async startUpdate(userId: string, rawNewEmail: string): Promise<{ action: "VERIFY_PRIMARY_OTP" }> {
      const current = await user(userId);
      const newEmail = normalEmail(rawNewEmail);
      if (newEmail === current.email)
        throw new ApiError(400, "same_email", "This is already your wallet's e-mail address", "newEmail");
      if (await userByEmail(storage, newEmail)) throw emailTaken();
      const take = await options.counter.take(`embedded-wallet-update:${userId}`, 1, 1, EMAIL_COOLDOWN_SECONDS * 1000);
      if (!take.ok) throw new EmailThrottledError(Math.max(1, Math.ceil(take.msLeft / 1000)));
      const code = await codes.issue(primaryKey(userId), { email: current.email, userId, newEmail });
      await send(mailTexts.updatePrimaryCode(current.email, code, newEmail));
      return { action: "VERIFY_PRIMARY_OTP" };
    },

    async verifyPrimary(userId: string, otp: string): Promise<{ action: "VERIFY_SECONDARY_OTP" }> {
      const used = await wrongCodes.guard(userId, () => codes.consume(primaryKey(userId), otp));
      const newEmail = used.newEmail as string;
      const code = await codes.issue(secondaryKey(userId), { email: newEmail, userId, newEmail });
      await send(mailTexts.updateSecondaryCode(newEmail, code));
      return { action: "VERIFY_SECONDARY_OTP" };
    },

    async verifySecondary(userId: string, otp: string): Promise<{ user: EmbeddedWalletUser }> {
      const used = await wrongCodes.guard(userId, () => codes.consume(secondaryKey(userId), otp));
      const newEmail = used.newEmail as string;
      if (await userByEmail(storage, newEmail)) throw emailTaken();
      const [row] = await storage.db
        .update(embeddedWalletUsers)
        .set({ email: newEmail })
        .where(eq(embeddedWalletUsers.id, userId))
        .returning()
        .catch((error: unknown) => {
          // Another wallet took the address in the meantime (the e-mail column is unique).
          if ((error as { code?: string; cause?: { code?: string } }).code === "23505") throw emailTaken();
          if ((error as { cause?: { code?: string } }).cause?.code === "23505") throw emailTaken();
          throw error;
        });
      if (!row) throw noSession();
      return { user: publicUser(row) };
    },
  };
}

export type WalletAccounts = ReturnType<typeof createWalletAccounts>;

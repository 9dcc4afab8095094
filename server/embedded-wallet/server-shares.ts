import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { getAddress, type Hex, recoverMessageAddress } from "viem";
import { shareProofMessage } from "../../src/core/embedded-wallet/share-proof.ts";
import { ApiError } from "../http/api-error.ts";
import type { Storage } from "../storage/database.ts";
import { embeddedWalletShareNonces, embeddedWalletUsers } from "../storage/schema.ts";
import { noSession } from "./embedded-wallet-errors.ts";
import type { ShareCipher } from "./share-cipher.ts";
import { userById } from "./wallet-users.ts";

/** A share nonce works for 10 minutes, once. */
export const SHARE_NONCE_TTL_MS = 10 * 60_000;

export interface ShareProof {
  readonly nonce: string;
  readonly signature: string;
}

export interface ServerSharesOptions {
  readonly storage: Storage;
  readonly cipher: ShareCipher;
  /** SECURE_ORIGIN: the signed message names it, so a signature made for another deployment does not work here. */
  readonly secureOrigin: string;
  readonly now: () => Date;
}

const signatureRequired = (wallet: string) =>
  new ApiError(
    403,
    "wallet_signature_required",
    `This account already has a wallet, ${wallet}: a new server share is stored only with that wallet's signature over it (proof, with a nonce from POST /embedded-wallet/wallet/nonce)`,
    "proof",
  );
const signatureInvalid = (wallet: string) =>
  new ApiError(
    403,
    "wallet_signature_invalid",
    `The signature is not by this account's wallet, ${wallet}, over this share, address and nonce: sign the share message with the wallet's own key`,
    "proof.signature",
  );
const nonceUnknown = () =>
  new ApiError(
    403,
    "share_nonce_unknown",
    "This nonce was not issued to this account, was already used or has expired (nonces work once, for 10 minutes): ask POST /embedded-wallet/wallet/nonce for a new one",
    "proof.nonce",
  );

/**
 * The server's share of a wallet's key: the first one is stored on the account's word (its session), every
 * later one only with a signature by the wallet's key over the new share, the address it belongs to and a
 * nonce issued here for that one replacement. So a session alone (another device, a stolen token) cannot
 * replace the share with one that locks the wallet, and a used signature cannot be played again.
 */
export function createServerShares(options: ServerSharesOptions) {
  const { storage, cipher, now } = options;

  const walletOf = async (userId: string) => {
    const row = await userById(storage, userId);
    if (!row) throw noSession();
    return row.address;
  };

  /** Stores the first share when the account has none; false when another request stored one first. */
  const storeFirst = async (userId: string, address: `0x${string}`, serverShare: string) => {
    const updated = await storage.db
      .update(embeddedWalletUsers)
      .set({ address, serverShare: cipher.encrypt(serverShare, userId, address) })
      .where(and(eq(embeddedWalletUsers.id, userId), isNull(embeddedWalletUsers.address)))
      .returning({ id: embeddedWalletUsers.id });
    return updated.length > 0;
  };

  return {
    /** A new nonce for one share replacement of this account's wallet (404 when the account has no wallet). */
    async issueNonce(userId: string): Promise<{ nonce: string }> {
      if (!(await walletOf(userId)))
        throw new ApiError(404, "no_wallet", "This account has no wallet yet: create one first");
      const nonce = randomBytes(32).toString("hex");
      await storage.db.delete(embeddedWalletShareNonces).where(lt(embeddedWalletShareNonces.expiresAt, now()));
      await storage.db
        .insert(embeddedWalletShareNonces)
        .values({ nonce, userId, expiresAt: new Date(now().getTime() + SHARE_NONCE_TTL_MS) });
      return { nonce };
    },

    /** Stores `serverShare` for `address`: the first share as is, any later one with the wallet's proof. */
    async put(userId: string, rawAddress: `0x${string}`, serverShare: string, proof?: ShareProof): Promise<void> {
      const address = getAddress(rawAddress.toLowerCase());
      let wallet = await walletOf(userId);
      if (!wallet) {
        if (await storeFirst(userId, address, serverShare)) return;
        wallet = await walletOf(userId);
      }
      if (!wallet) throw noSession();
      if (!proof) throw signatureRequired(wallet);
      const [pending] = await storage.db
        .select()
        .from(embeddedWalletShareNonces)
        .where(
          and(
            eq(embeddedWalletShareNonces.nonce, proof.nonce),
            eq(embeddedWalletShareNonces.userId, userId),
            gt(embeddedWalletShareNonces.expiresAt, now()),
          ),
        );
      if (!pending) throw nonceUnknown();
      const message = shareProofMessage({
        origin: options.secureOrigin,
        wallet,
        address,
        serverShare,
        nonce: proof.nonce,
      });
      const signer = await recoverMessageAddress({ message, signature: proof.signature as Hex }).catch(() => undefined);
      if (signer !== wallet) throw signatureInvalid(wallet);
      const stored = cipher.encrypt(serverShare, userId, address);
      const currentWallet = wallet;
      await storage.db.transaction(async (tx) => {
        // The nonce goes with the share it was signed for: a second use (a replay) finds nothing.
        const [used] = await tx
          .delete(embeddedWalletShareNonces)
          .where(and(eq(embeddedWalletShareNonces.nonce, proof.nonce), eq(embeddedWalletShareNonces.userId, userId)))
          .returning();
        if (!used) throw nonceUnknown();
        const [updated] = await tx
          .update(embeddedWalletUsers)
          .set({ address, serverShare: stored })
          .where(and(eq(embeddedWalletUsers.id, userId), eq(embeddedWalletUsers.address, currentWallet)))
          .returning({ id: embeddedWalletUsers.id });
        // The wallet changed between the check and now (another signed replacement): this proof is for the old one.
        if (!updated) throw signatureInvalid(currentWallet);
      });
    },
  };
}

export type ServerShares = ReturnType<typeof createServerShares>;

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1:";

/** A stored share could not be decrypted: the key changed (EMBEDDED_WALLET_SHARE_KEY) or the row was altered. */
export class ShareDecryptionError extends Error {
  override readonly name = "ShareDecryptionError";
}

/** The raw 32 bytes of EMBEDDED_WALLET_SHARE_KEY (64 hex digits, optional 0x). */
export function shareKeyBytes(hex: string): Buffer {
  return Buffer.from(hex.replace(/^0x/, ""), "hex");
}

/**
 * Encrypts the servers' key shares at rest: AES-256-GCM with a fresh 12-byte IV per write, bound (as additional
 * data) to the user and the wallet's address, so a share copied onto another user's row does not decrypt.
 * Stored as "v1:" and base64 of IV ‖ ciphertext ‖ tag.
 */
export class ShareCipher {
  private readonly key: Buffer;

  constructor(masterKey: Buffer) {
    this.key = Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), "embedded-wallet share encryption", 32));
  }

  encrypt(share: string, userId: string, address: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(`${userId}\n${address.toLowerCase()}`));
    const body = Buffer.concat([cipher.update(share, "utf8"), cipher.final()]);
    return VERSION + Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64");
  }

  decrypt(stored: string, userId: string, address: string): string {
    if (!stored.startsWith(VERSION)) throw new ShareDecryptionError("unknown share format");
    const bytes = Buffer.from(stored.slice(VERSION.length), "base64");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(`${userId}\n${address.toLowerCase()}`));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString("utf8");
    } catch {
      throw new ShareDecryptionError("the stored share does not decrypt with EMBEDDED_WALLET_SHARE_KEY");
    }
  }
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** Shares written before key ids: "v1:" and base64, under whichever share key was set then. */
const LEGACY = "v1:";
/** "v2:", the share key's id, ":" and base64 of IV ‖ ciphertext ‖ tag. */
const VERSION = "v2:";

/** A stored share could not be decrypted: the row was altered, or its key is not among the configured ones. */
export class ShareDecryptionError extends Error {
  override readonly name = "ShareDecryptionError";
}

/** A stored share names a share key (by id) that is neither EMBEDDED_WALLET_SHARE_KEY nor a previous key. */
export class ShareKeyUnknownError extends ShareDecryptionError {
  constructor(readonly keyId: string) {
    super(
      `the stored share is encrypted under share key ${keyId}, which is neither EMBEDDED_WALLET_SHARE_KEY nor in EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS`,
    );
  }
}

/** The raw 32 bytes of EMBEDDED_WALLET_SHARE_KEY (64 hex digits, optional 0x). */
export function shareKeyBytes(hex: string): Buffer {
  return Buffer.from(hex.replace(/^0x/, ""), "hex");
}

interface WrappingKey {
  /** 16 hex digits derived one-way from the key (HKDF): names it in stored shares and reports, reveals nothing. */
  readonly id: string;
  readonly aes: Buffer;
}

function wrappingKey(masterKey: Buffer): WrappingKey {
  const derive = (info: string, length: number) =>
    Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), info, length));
  return {
    id: derive("embedded-wallet share key id", 8).toString("hex"),
    aes: derive("embedded-wallet share encryption", 32),
  };
}

/**
 * Encrypts the servers' key shares at rest: AES-256-GCM with a fresh 12-byte IV per write, bound (as additional
 * data) to the user and the wallet's address, so a share copied onto another user's row does not decrypt.
 * Writes under the current key and names it in the stored text; reads under the current key or any previous
 * one (EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS), so the key can be rotated (npm run wallet:rotate-share-key).
 */
export class ShareCipher {
  private readonly current: WrappingKey;
  private readonly keys: readonly WrappingKey[];

  constructor(currentKey: Buffer, previousKeys: readonly Buffer[] = []) {
    this.current = wrappingKey(currentKey);
    this.keys = [this.current, ...previousKeys.map(wrappingKey)];
  }

  /** The current key's id. */
  get keyId(): string {
    return this.current.id;
  }

  /** The stored text's prefix of shares already under the current key. */
  get currentPrefix(): string {
    return `${VERSION}${this.current.id}:`;
  }

  encrypt(share: string, userId: string, address: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.current.aes, iv);
    cipher.setAAD(additionalData(userId, address));
    const body = Buffer.concat([cipher.update(share, "utf8"), cipher.final()]);
    return this.currentPrefix + Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64");
  }

  decrypt(stored: string, userId: string, address: string): string {
    if (stored.startsWith(LEGACY)) {
      const bytes = Buffer.from(stored.slice(LEGACY.length), "base64");
      for (const key of this.keys) {
        const share = open(key, bytes, userId, address);
        if (share !== undefined) return share;
      }
      throw new ShareDecryptionError(
        "the stored share (written before key ids) decrypts with none of the configured share keys",
      );
    }
    const match = /^v2:([0-9a-f]{16}):(.*)$/s.exec(stored);
    if (!match?.[1] || match[2] === undefined) throw new ShareDecryptionError("unknown share format");
    const key = this.keys.find((candidate) => candidate.id === match[1]);
    if (!key) throw new ShareKeyUnknownError(match[1]);
    const share = open(key, Buffer.from(match[2], "base64"), userId, address);
    if (share === undefined) throw new ShareDecryptionError(`the stored share does not decrypt with key ${key.id}`);
    return share;
  }
}

function additionalData(userId: string, address: string): Buffer {
  return Buffer.from(`${userId}\n${address.toLowerCase()}`);
}

function open(key: WrappingKey, bytes: Buffer, userId: string, address: string): string | undefined {
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.aes, bytes.subarray(0, 12));
    decipher.setAAD(additionalData(userId, address));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

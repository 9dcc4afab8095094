import { createDecipheriv, createHash, pbkdf2, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptAsync = promisify(scrypt) as (
  password: Buffer,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;
const pbkdf2Async = promisify(pbkdf2);

interface Eip2335Crypto {
  readonly kdf: { readonly function: string; readonly params: Record<string, unknown> };
  readonly checksum: { readonly function: string; readonly message: string };
  readonly cipher: { readonly function: string; readonly params: { readonly iv?: unknown }; readonly message: string };
}

const hex = (value: unknown, what: string): Buffer => {
  if (typeof value !== "string" || !/^(0x)?([0-9a-fA-F]{2})*$/.test(value)) throw new Error(`${what} is not hex`);
  return Buffer.from(value.replace(/^0x/, ""), "hex");
};
const integer = (value: unknown, what: string): number => {
  if (!Number.isSafeInteger(value) || (value as number) <= 0) throw new Error(`${what} is not a positive integer`);
  return value as number;
};

/**
 * Decrypts an EIP-2335 keystore as a validator client does: the password processed (NFKD, control codes
 * removed), the key derived by scrypt or PBKDF2-SHA256, the SHA-256 checksum checked, then AES-128-CTR. The key
 * derivation runs on libuv's thread pool (Node's asynchronous scrypt and pbkdf2), so the stand-in keeps answering
 * while a 2^18 scrypt runs; a synchronous one held its event loop for seconds a key.
 */
export async function decryptKeystore(keystore: { readonly crypto?: unknown }, password: string): Promise<Uint8Array> {
  const crypto = keystore.crypto as Eip2335Crypto | undefined;
  if (!crypto?.kdf || !crypto.checksum || !crypto.cipher) throw new Error("keystore has no crypto section");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control codes is what EIP-2335 asks for.
  const passwordBytes = Buffer.from(password.normalize("NFKD").replace(/[\u0000-\u001f\u007f-\u009f]/g, ""), "utf8");
  const params = crypto.kdf.params;
  const salt = hex(params.salt, "kdf salt");
  const dklen = integer(params.dklen, "kdf dklen");
  let key: Buffer;
  if (crypto.kdf.function === "scrypt") {
    const [N, r, p] = [integer(params.n, "scrypt n"), integer(params.r, "scrypt r"), integer(params.p, "scrypt p")];
    key = await scryptAsync(passwordBytes, salt, dklen, { N, r, p, maxmem: 256 * N * r * p });
  } else if (crypto.kdf.function === "pbkdf2" && params.prf === "hmac-sha256") {
    key = await pbkdf2Async(passwordBytes, salt, integer(params.c, "pbkdf2 c"), dklen, "sha256");
  } else {
    throw new Error(`unsupported kdf ${crypto.kdf.function}`);
  }
  if (crypto.checksum.function !== "sha256") throw new Error(`unsupported checksum ${crypto.checksum.function}`);
  if (crypto.cipher.function !== "aes-128-ctr") throw new Error(`unsupported cipher ${crypto.cipher.function}`);
  const message = hex(crypto.cipher.message, "cipher message");
  const checksum = createHash("sha256").update(key.subarray(16, 32)).update(message).digest();
  const expected = hex(crypto.checksum.message, "checksum message");
  if (expected.length !== checksum.length || !timingSafeEqual(expected, checksum)) {
    key.fill(0);
    throw new Error("invalid password (checksum mismatch)");
  }
  const decipher = createDecipheriv("aes-128-ctr", key.subarray(0, 16), hex(crypto.cipher.params.iv, "cipher iv"));
  const secret = Buffer.concat([decipher.update(message), decipher.final()]);
  key.fill(0);
  return new Uint8Array(secret);
}

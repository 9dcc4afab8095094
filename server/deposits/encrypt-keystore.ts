import { createCipheriv, createHash, randomBytes, randomUUID, scryptSync } from "node:crypto";

/** scrypt's cost parameters in an EIP-2335 keystore. */
export interface ScryptCost {
  readonly n: number;
  readonly r: number;
  readonly p: number;
}

/** EIP-2335's own choice for scrypt: n = 2^18, r = 8, p = 1 (256 MiB, about half a second a key here). */
export const EIP2335_SCRYPT: ScryptCost = { n: 262_144, r: 8, p: 1 };

/** An EIP-2335 (version 4) keystore. */
export interface Keystore {
  readonly crypto: {
    readonly kdf: {
      readonly function: "scrypt";
      readonly params: { dklen: 32; n: number; r: number; p: number; salt: string };
      readonly message: "";
    };
    readonly checksum: {
      readonly function: "sha256";
      readonly params: Record<string, never>;
      readonly message: string;
    };
    readonly cipher: { readonly function: "aes-128-ctr"; readonly params: { iv: string }; readonly message: string };
  };
  readonly description: string;
  readonly pubkey: string;
  readonly path: string;
  readonly uuid: string;
  readonly version: 4;
}

/** EIP-2335's password processing: NFKD, then C0, C1 and Delete control codes removed, as UTF-8. */
function passwordBytes(password: string): Buffer {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control codes is what EIP-2335 asks for.
  return Buffer.from(password.normalize("NFKD").replace(/[\u0000-\u001f\u007f-\u009f]/g, ""), "utf8");
}

/**
 * Encrypts a BLS secret key as an EIP-2335 keystore: scrypt (Node's native, synchronous: call it off the
 * event loop), AES-128-CTR with the first half of the derived key, SHA-256 checksum over the second half and
 * the cipher text. Any EIP-2335 reader (validator clients, @chainsafe/bls-keystore) decrypts it.
 */
export function encryptKeystore(input: {
  readonly secretKey: Uint8Array;
  readonly pubkey: string;
  readonly path: string;
  readonly password: string;
  readonly cost: ScryptCost;
  readonly description: string;
}): Keystore {
  const { n, r, p } = input.cost;
  const salt = randomBytes(32);
  const derived = scryptSync(passwordBytes(input.password), salt, 32, { N: n, r, p, maxmem: 256 * n * r * p });
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-128-ctr", derived.subarray(0, 16), iv);
  const encrypted = Buffer.concat([cipher.update(input.secretKey), cipher.final()]);
  const checksum = createHash("sha256").update(derived.subarray(16, 32)).update(encrypted).digest("hex");
  derived.fill(0);
  return {
    crypto: {
      kdf: { function: "scrypt", params: { dklen: 32, n, r, p, salt: salt.toString("hex") }, message: "" },
      checksum: { function: "sha256", params: {}, message: checksum },
      cipher: { function: "aes-128-ctr", params: { iv: iv.toString("hex") }, message: encrypted.toString("hex") },
    },
    description: input.description,
    pubkey: input.pubkey,
    path: input.path,
    uuid: randomUUID(),
    version: 4,
  };
}

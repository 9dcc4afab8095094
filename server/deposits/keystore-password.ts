import { hkdfSync } from "node:crypto";

/** HKDF's salt for keystore passwords: names the scheme, so a later one derives other passwords. */
const SALT = "stake keystore password v1";

/**
 * The EIP-2335 password of one validator key's keystore: HKDF-SHA256 from the root key (KEYSTORE_KEY as written,
 * or the devnet's public key) with the key's pubkey ("0x" and 96 lower-case hex digits) as info, 32 bytes as 64
 * hex digits. A validator client is handed only the passwords of its own keys; none opens another keystore, and
 * the root key never leaves the server.
 */
export function keystorePassword(rootKey: string, pubkey: string): string {
  const info = `0x${pubkey.replace(/^0x/, "").toLowerCase()}`;
  return Buffer.from(hkdfSync("sha256", Buffer.from(rootKey, "utf8"), SALT, info, 32)).toString("hex");
}

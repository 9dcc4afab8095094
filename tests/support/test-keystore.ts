import { randomBytes } from "node:crypto";
import { SecretKey } from "@chainsafe/blst";
import { DEVNET_KEYSTORE_SCRYPT } from "../../server/deposits/devnet-keys.ts";
import { encryptKeystore, type Keystore, type ScryptCost } from "../../server/deposits/encrypt-keystore.ts";

/**
 * A fresh BLS key as an EIP-2335 keystore (the project's own writer), with its pubkey as 96 plain hex digits;
 * the password is given, or derived from the pubkey (keystorePassword).
 */
export function testKeystore(
  password: string | ((pubkey: string) => string),
  cost: ScryptCost = DEVNET_KEYSTORE_SCRYPT,
) {
  const secret = SecretKey.fromKeygen(randomBytes(32));
  const pubkey = secret.toPublicKey().toHex(true).replace(/^0x/, "");
  const keystore: Keystore = encryptKeystore({
    secretKey: secret.toBytes(),
    pubkey,
    path: "m/12381/3600/0/0/0",
    password: typeof password === "string" ? password : password(pubkey),
    cost,
    description: "test key",
  });
  return { pubkey, keystore };
}

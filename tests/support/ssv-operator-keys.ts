import { constants, generateKeyPairSync, type KeyObject, privateDecrypt } from "node:crypto";
import type { SsvOperatorKey } from "../../devnet/ssv/keyshares-generate.ts";

/**
 * SSV operators for tests: fresh RSA-2048 key pairs, the public key in SSV's on-chain form (base64 of a PEM text
 * labelled "RSA PUBLIC KEY" around a SubjectPublicKeyInfo body, 64 characters a line, as the SSV tools write it).
 */
export function makeSsvOperators(ids: readonly number[]): {
  operators: SsvOperatorKey[];
  privateKeys: Map<number, KeyObject>;
} {
  const privateKeys = new Map<number, KeyObject>();
  const operators = ids.map((id) => {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    privateKeys.set(id, privateKey);
    const body = (publicKey.export({ format: "der", type: "spki" }) as Buffer).toString("base64");
    const lines = body.match(/.{1,64}/g) ?? [];
    const pem = `-----BEGIN RSA PUBLIC KEY-----\n${lines.join("\n")}\n-----END RSA PUBLIC KEY-----\n`;
    return { id, publicKey: Buffer.from(pem, "utf8").toString("base64") };
  });
  return { operators, privateKeys };
}

/**
 * Decrypts an RSA PKCS#1 v1.5 ciphertext by hand (Node refuses PKCS#1 v1.5 decryption since CVE-2023-46809):
 * raw RSA, then the padding 00 02 <at least 8 non-zero bytes> 00 <message> is checked and removed, so a
 * ciphertext under another padding fails here.
 */
export function decryptPkcs1v15(privateKey: KeyObject, ciphertext: Uint8Array): string {
  const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, ciphertext);
  const separator = block.indexOf(0, 2);
  if (block[0] !== 0 || block[1] !== 2 || separator < 10) throw new Error("not PKCS#1 v1.5 encryption padding");
  return block.subarray(separator + 1).toString("utf8");
}

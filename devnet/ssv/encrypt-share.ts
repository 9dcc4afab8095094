import { constants, type KeyObject, publicEncrypt } from "node:crypto";
import { bytesToHex } from "viem";

/**
 * Encrypts a share secret to its operator as the SSV keys tool does: the plaintext is the secret as text,
 * `0x` and 64 lower-case hex digits, encrypted with RSA and PKCS#1 v1.5 padding (the SSV node decrypts with
 * the same scheme). With an operator's RSA-2048 key the ciphertext is 256 bytes.
 */
export function encryptShare(operatorKey: KeyObject, shareSecret: Uint8Array): Uint8Array {
  const plaintext = Buffer.from(bytesToHex(shareSecret), "utf8");
  return new Uint8Array(publicEncrypt({ key: operatorKey, padding: constants.RSA_PKCS1_PADDING }, plaintext));
}

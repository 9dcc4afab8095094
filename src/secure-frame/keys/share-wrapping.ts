/**
 * The device share is kept encrypted with AES-GCM under a WebCrypto key created non-extractable: scripts of the
 * secure origin can use it to decrypt, nobody can read its bytes (exportKey rejects), and it never leaves the
 * browser's key store (IndexedDB keeps the CryptoKey object, not its bytes).
 */
export interface WrappedShare {
  readonly iv: Uint8Array<ArrayBuffer>;
  readonly ciphertext: ArrayBuffer;
}

export function createWrappingKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

/** Encrypts a share; `address` is bound as additional data, so a share moved to another wallet's record fails. */
export async function wrapShare(key: CryptoKey, share: string, address: string): Promise<WrappedShare> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(address.toLowerCase()) },
    key,
    new TextEncoder().encode(share),
  );
  return { iv, ciphertext };
}

export async function unwrapShare(key: CryptoKey, wrapped: WrappedShare, address: string): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: wrapped.iv, additionalData: new TextEncoder().encode(address.toLowerCase()) },
    key,
    wrapped.ciphertext,
  );
  return new TextDecoder().decode(plain);
}

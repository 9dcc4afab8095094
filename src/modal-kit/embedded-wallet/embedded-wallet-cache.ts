/**
 * What the kit remembers of the embedded wallet in localStorage (spec section 4): that a login exists, its
 * e-mail, the last chain and the social user name. Sign-out and a failed is-connected check clear them all.
 */
const KEYS = {
  connected: "@modal-kit/embedded-wallet/connected",
  email: "@modal-kit/embedded-wallet/email",
  lastChain: "@modal-kit/embedded-wallet/last-chain",
  socialUsername: "@modal-kit/embedded-wallet/social-username",
} as const;

export type CachedField = keyof typeof KEYS;

const EMBEDDED_WALLET_CACHE_KEYS: readonly string[] = Object.values(KEYS);

export function readCached(field: CachedField): string | null {
  try {
    return localStorage.getItem(KEYS[field]);
  } catch {
    return null;
  }
}

export function writeCached(field: CachedField, value: string): void {
  try {
    localStorage.setItem(KEYS[field], value);
  } catch {
    // Storage refused (private mode, quota): the login then lasts for this page only.
  }
}

export function clearCached(): void {
  try {
    for (const key of EMBEDDED_WALLET_CACHE_KEYS) localStorage.removeItem(key);
  } catch {
    // Nothing was stored.
  }
}

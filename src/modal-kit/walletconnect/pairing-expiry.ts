/** Spec section 9: a pairing URI lives 4 minutes and counts as expired when 10 s or less remain. */
const PAIRING_LIFETIME_MS = 4 * 60_000;
export const PAIRING_EXPIRY_MARGIN_MS = 10_000;

/**
 * When a pairing URI expires, in ms since the epoch: 4 minutes after it was received (the spec's lifetime), or
 * the URI's own `expiryTimestamp` (seconds) if that comes first.
 */
export function pairingExpiresAt(uri: string, receivedAt: number): number {
  const query = uri.includes("?") ? uri.slice(uri.indexOf("?") + 1) : "";
  const seconds = Number(new URLSearchParams(query).get("expiryTimestamp"));
  const own = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Number.POSITIVE_INFINITY;
  return Math.min(own, receivedAt + PAIRING_LIFETIME_MS);
}

/** True once 10 s or less remain: the URI must be refreshed before a wallet scans it. */
export function isPairingExpired(expiresAt: number, now: number): boolean {
  return expiresAt - now <= PAIRING_EXPIRY_MARGIN_MS;
}

/** Whole seconds the QR code stays usable (until the 10 s margin), for the visible countdown. */
export function pairingSecondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - PAIRING_EXPIRY_MARGIN_MS - now) / 1000));
}

/** m:ss for the countdown. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

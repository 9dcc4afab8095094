/**
 * 2-of-3 Shamir secret sharing of a secp256k1 private key over the group order n: f(x) = key + a·x mod n with a
 * random `a`; share i is (i, f(i)). Any two shares give the key back by Lagrange interpolation at 0; one share
 * is a uniformly random number that says nothing of the key.
 */

/** The order of the secp256k1 group (SEC 2). */
export const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** Which share: 1 stays on the device, 2 is held by the server, 3 is the user's recovery share. */
export type ShareIndex = 1 | 2 | 3;

export class ShareFormatError extends Error {
  override name = "ShareFormatError";
}

const mod = (value: bigint) => ((value % SECP256K1_ORDER) + SECP256K1_ORDER) % SECP256K1_ORDER;

function power(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = mod(base);
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % SECP256K1_ORDER;
    b = (b * b) % SECP256K1_ORDER;
    e >>= 1n;
  }
  return result;
}

const inverse = (value: bigint) => power(value, SECP256K1_ORDER - 2n);

const toHex = (value: bigint) => value.toString(16).padStart(64, "0");

/** A uniformly random scalar in [1, n), by rejection (crypto.getRandomValues). */
export function randomScalar(): bigint {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const value = BigInt(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`);
    bytes.fill(0);
    if (value > 0n && value < SECP256K1_ORDER) return value;
  }
}

/** A share as text: `<index>-<64 hex digits>`, such as `3-9f0c…`. */
export function encodeShare(index: ShareIndex, value: bigint): string {
  return `${index}-${toHex(value)}`;
}

export function decodeShare(share: string): { index: ShareIndex; value: bigint } {
  const match = /^([123])-([0-9a-f]{64})$/.exec(share.trim());
  if (!match) throw new ShareFormatError("A share is its number (1, 2 or 3), a hyphen and 64 hexadecimal digits");
  const value = BigInt(`0x${match[2]}`);
  if (value >= SECP256K1_ORDER) throw new ShareFormatError("The share's value is not below the secp256k1 order");
  return { index: Number(match[1]) as ShareIndex, value };
}

/** Splits a private key (0x + 64 hex) into the device, server and recovery shares. */
export function splitKey(privateKey: `0x${string}`): { device: string; server: string; recovery: string } {
  const key = BigInt(privateKey);
  if (key <= 0n || key >= SECP256K1_ORDER) throw new ShareFormatError("The key is not a secp256k1 private key");
  const slope = randomScalar();
  const at = (x: ShareIndex) => encodeShare(x, mod(key + slope * BigInt(x)));
  return { device: at(1), server: at(2), recovery: at(3) };
}

/** The private key from two different shares. */
export function combineShares(first: string, second: string): `0x${string}` {
  const a = decodeShare(first);
  const b = decodeShare(second);
  if (a.index === b.index) throw new ShareFormatError("Two different shares are needed, this is the same share twice");
  const xa = BigInt(a.index);
  const xb = BigInt(b.index);
  // f(0) = ya·xb/(xb−xa) + yb·xa/(xa−xb)
  const key = mod(a.value * xb * inverse(mod(xb - xa)) + b.value * xa * inverse(mod(xa - xb)));
  return `0x${toHex(key)}`;
}

import { Field } from "@noble/curves/abstract/modular.js";
import { bytesToHex, hexToBytes } from "@noble/curves/utils.js";

/**
 * 2-of-3 Shamir secret sharing of a secp256k1 private key over the group order n: f(x) = key + a·x mod n with a
 * random `a`; share i is (i, f(i)). Any two shares give the key back by Lagrange interpolation at 0; one share
 * is a uniformly random number that says nothing of the key. The arithmetic is @noble/curves' prime field (as
 * the SSV keyshares split does it over BLS12-381's); only the share format is ours.
 */

/** The order of the secp256k1 group (SEC 2). */
export const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The scalars mod n, 32 bytes big-endian. */
const Fn = Field(SECP256K1_ORDER);

/** Which share: 1 stays on the device, 2 is held by the server, 3 is the user's recovery share. */
export type ShareIndex = 1 | 2 | 3;

export class ShareFormatError extends Error {
  override name = "ShareFormatError";
}

/** A uniformly random scalar in [1, n), by rejection (crypto.getRandomValues). */
export function randomScalar(): bigint {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(Fn.BYTES));
    const value = Fn.fromBytes(bytes, true);
    bytes.fill(0);
    if (Fn.isValidNot0(value)) return value;
  }
}

/** A share as text: `<index>-<64 hex digits>`, such as `3-9f0c…`. */
export function encodeShare(index: ShareIndex, value: bigint): string {
  return `${index}-${bytesToHex(Fn.toBytes(value))}`;
}

export function decodeShare(share: string): { index: ShareIndex; value: bigint } {
  const match = /^([123])-([0-9a-f]{64})$/.exec(share.trim());
  if (!match) throw new ShareFormatError("A share is its number (1, 2 or 3), a hyphen and 64 hexadecimal digits");
  const value = Fn.fromBytes(hexToBytes(match[2] as string), true);
  if (!Fn.isValid(value)) throw new ShareFormatError("The share's value is not below the secp256k1 order");
  return { index: Number(match[1]) as ShareIndex, value };
}

/** Splits a private key (0x + 64 hex) into the device, server and recovery shares. */
export function splitKey(privateKey: `0x${string}`): { device: string; server: string; recovery: string } {
  const key = BigInt(privateKey);
  if (!Fn.isValidNot0(key)) throw new ShareFormatError("The key is not a secp256k1 private key");
  const slope = randomScalar();
  const at = (x: ShareIndex) => encodeShare(x, Fn.add(key, Fn.mul(slope, BigInt(x))));
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
  const key = Fn.add(Fn.div(Fn.mul(a.value, xb), Fn.sub(xb, xa)), Fn.div(Fn.mul(b.value, xa), Fn.sub(xa, xb)));
  return `0x${bytesToHex(Fn.toBytes(key))}`;
}

import { bls12_381 } from "@noble/curves/bls12-381.js";
import { ETH_BLS_DST, type SignatureCheck } from "./signing.ts";

/** BLS over @noble/curves: pure JavaScript, audited, slow (~46 ms to sign, ~62 ms to verify on our machines). */

const bls = bls12_381.longSignatures;

/** The 48-byte compressed public key of a BLS secret key. */
export function blsPublicKey(secretKey: Uint8Array): Uint8Array {
  return bls.getPublicKey(secretKey).toBytes(true);
}

export function blsSign(signingRoot: Uint8Array, secretKey: Uint8Array): Uint8Array {
  return bls.Signature.toBytes(bls.sign(bls.hash(signingRoot, ETH_BLS_DST), secretKey));
}

/** False for a bad signature, and for a public key or signature that is not a valid curve point. */
export function blsVerify(signature: Uint8Array, signingRoot: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    const pub = bls12_381.G1.Point.fromBytes(publicKey);
    pub.assertValidity();
    const sig = bls.Signature.fromBytes(signature);
    sig.assertValidity();
    if (pub.is0()) return false;
    return bls.verify(sig, bls.hash(signingRoot, ETH_BLS_DST), pub);
  } catch {
    return false;
  }
}

/** Checks each signature on the current thread; the reference the faster backends must agree with. */
export function verifySignaturesWithNoble(checks: readonly SignatureCheck[]): boolean[] {
  return checks.map((check) => blsVerify(check.signature, check.signingRoot, check.publicKey));
}

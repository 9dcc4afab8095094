import { bls12_381 } from "@noble/curves/bls12-381.js";
import { ForkData, SigningData } from "./ssz-containers.ts";

/** DOMAIN_DEPOSIT from the consensus specs. */
export const DOMAIN_DEPOSIT = Uint8Array.of(0x03, 0x00, 0x00, 0x00);

/** The ciphersuite Ethereum signs with: proof-of-possession scheme over G2 (spec: BLS_SIG_..._POP_). */
export const ETH_BLS_DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

/**
 * compute_domain(DOMAIN_DEPOSIT, fork_version, genesis_validators_root = zero): deposits are signed for a fork
 * version but no particular chain state, so one deposit is valid on exactly the chains sharing that version.
 */
export function computeDepositDomain(forkVersion: Uint8Array): Uint8Array {
  if (forkVersion.length !== 4) throw new RangeError("a fork version is 4 bytes");
  const forkDataRoot = ForkData.hashTreeRoot({
    currentVersion: forkVersion,
    genesisValidatorsRoot: new Uint8Array(32),
  });
  const domain = new Uint8Array(32);
  domain.set(DOMAIN_DEPOSIT, 0);
  domain.set(forkDataRoot.subarray(0, 28), 4);
  return domain;
}

export function computeSigningRoot(objectRoot: Uint8Array, domain: Uint8Array): Uint8Array {
  return SigningData.hashTreeRoot({ objectRoot, domain });
}

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

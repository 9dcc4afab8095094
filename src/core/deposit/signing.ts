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

/** One BLS signature to check: does `signature` sign `signingRoot` under `publicKey` (all as received)? */
export interface SignatureCheck {
  readonly publicKey: Uint8Array;
  readonly signingRoot: Uint8Array;
  readonly signature: Uint8Array;
}

/**
 * Checks a batch of signatures and answers, in order, whether each is valid. False (never a throw) for a
 * public key or signature that is not a valid point. Injected into the deposit rules so that Node and the
 * browser run the same rules with different BLS backends (noble, WebAssembly, a Web Worker).
 */
export type VerifySignatures = (checks: readonly SignatureCheck[]) => readonly boolean[] | Promise<readonly boolean[]>;

import bls from "bls-eth-wasm";
import type { SignatureCheck } from "./signing.ts";

/**
 * BLS over bls-eth-wasm (herumi's mcl/bls compiled to WebAssembly, the module embedded in its JavaScript, so
 * a bundle fetches nothing else): ~10× faster than noble, in Node and in the browser. Its build is
 * Ethereum's ciphersuite (BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_, ETH_MODE_DRAFT_07 is set at init);
 * tests hold it to byte-equal signatures and equal verdicts with noble.
 */
export interface WasmBls {
  /** Like verifySignaturesWithNoble: one randomised batch check, then one by one only if the batch fails. */
  verifySignatures(checks: readonly SignatureCheck[]): boolean[];
  /** The 48-byte compressed public key of a 32-byte (big-endian) secret key. */
  publicKey(secretKey: Uint8Array): Uint8Array;
  /** The 96-byte compressed signature of a 32-byte signing root; deterministic, equal to noble's blsSign. */
  sign(signingRoot: Uint8Array, secretKey: Uint8Array): Uint8Array;
}

let loading: Promise<WasmBls> | undefined;

/** Compiles the WebAssembly module on first use (~150 ms), then answers from the same instance. */
export function loadWasmBls(): Promise<WasmBls> {
  loading ??= bls.init(bls.BLS12_381).then(() => {
    // Reject points outside the prime-order subgroups when reading them, as noble's assertValidity does.
    bls.verifyPublicKeyOrder(true);
    bls.verifySignatureOrder(true);
    return { verifySignatures, publicKey, sign };
  });
  return loading;
}

export async function verifySignaturesWithWasm(checks: readonly SignatureCheck[]): Promise<boolean[]> {
  return (await loadWasmBls()).verifySignatures(checks);
}

interface Parsed {
  readonly publicKey: InstanceType<typeof bls.PublicKey>;
  readonly signature: InstanceType<typeof bls.Signature>;
  readonly signingRoot: Uint8Array;
}

/** Undefined for anything noble's blsVerify would reject before pairing: bad encodings, points, the zero key. */
function parse(check: SignatureCheck): Parsed | undefined {
  if (check.signingRoot.length !== 32) return undefined;
  try {
    const publicKey = new bls.PublicKey();
    publicKey.deserialize(check.publicKey);
    if (publicKey.isZero()) return undefined;
    const signature = new bls.Signature();
    signature.deserialize(check.signature);
    return { publicKey, signature, signingRoot: check.signingRoot };
  } catch {
    return undefined;
  }
}

function verifySignatures(checks: readonly SignatureCheck[]): boolean[] {
  const parsed = checks.map(parse);
  const candidates = parsed.filter((item) => item !== undefined);
  // A random linear combination of all pairings (herumi's blsMultiVerify): about half the cost of checking
  // one by one, and it holds only if every signature does (up to a 2^-64 chance), so no verdict changes.
  const allValid =
    candidates.length > 1 &&
    bls.multiVerify(
      candidates.map((item) => item.publicKey),
      candidates.map((item) => item.signature),
      candidates.map((item) => item.signingRoot),
    );
  return parsed.map(
    (item) => item !== undefined && (allValid || item.publicKey.verify(item.signature, item.signingRoot)),
  );
}

function secret(secretKey: Uint8Array): InstanceType<typeof bls.SecretKey> {
  const key = new bls.SecretKey();
  key.deserialize(secretKey);
  return key;
}

function publicKey(secretKey: Uint8Array): Uint8Array {
  return secret(secretKey).getPublicKey().serialize();
}

function sign(signingRoot: Uint8Array, secretKey: Uint8Array): Uint8Array {
  return secret(secretKey).sign(signingRoot).serialize();
}

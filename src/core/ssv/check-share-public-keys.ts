import { pippenger } from "@noble/curves/abstract/curve.js";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { signingThreshold } from "./ssv-cluster.ts";

const G1 = bls12_381.G1.Point;
type G1Point = InstanceType<typeof G1>;
const Fr = bls12_381.fields.Fr;

/** One entry's keys as the file gives them: the validator's, and each operator's share public key by operator id. */
export interface ShareKeysCheck {
  readonly publicKey: Uint8Array;
  /** The operator ids, in the order of the share public keys; each id is the share's x coordinate. */
  readonly operatorIds: readonly number[];
  readonly sharePublicKeys: readonly Uint8Array[];
}

/** What is wrong with an entry's share public keys; an empty list when they are one split of the validator's key. */
export type ShareKeysProblem =
  | { readonly problem: "sharePublicKeyInvalid"; readonly operator: number }
  | { readonly problem: "sharesNotForValidator" }
  | { readonly problem: "shareOffSplit"; readonly operator: number }
  | { readonly problem: "sharesBelowThreshold"; readonly threshold: number; readonly operators: number };

/**
 * Checks that the share public keys are the validator key split the way SSV splits it (Shamir over the
 * BLS12-381 scalar field, `threshold` of n, the operator id as each share's x coordinate), using only public
 * keys: the shares themselves are encrypted to the operators.
 *
 * With the threshold subset S (the first `threshold` operators by id), in G1:
 * 1. every share key is a valid BLS public key (on the curve, in the subgroup, not the identity);
 * 2. Lagrange interpolation over S at x = 0 gives the validator's public key: the shares belong to this
 *    validator (shares spliced from another validator interpolate to that validator's key);
 * 3. interpolation over S at each other operator's id gives that operator's share key: all n shares lie on
 *    one polynomial, so every threshold subset signs for the validator, not only S;
 * 4. the polynomial's leading coefficient is not zero (degree threshold - 1): no smaller group of operators
 *    can sign alone, which a file whose share keys all equal the validator key would allow.
 * The validator key itself is left to the signature rule: an invalid one returns no problem here.
 * Cost: n + 1 keys decoded and n - threshold + 2 multi-scalar multiplications of `threshold` points; for 4
 * operators about 0.8 of one noble BLS signature verification (measured side by side), so it runs in a worker.
 */
export function checkSharePublicKeys(check: ShareKeysCheck): ShareKeysProblem[] {
  const { operatorIds, sharePublicKeys } = check;
  const threshold = signingThreshold(operatorIds.length);
  if (sharePublicKeys.length !== operatorIds.length) {
    throw new RangeError(`${operatorIds.length} operator ids but ${sharePublicKeys.length} share public keys`);
  }
  const validator = decodePublicKey(check.publicKey);
  if (!validator) return [];
  const shares = sharePublicKeys.map(decodePublicKey);
  const invalid = operatorIds.flatMap((operator, index) =>
    shares[index] ? [] : [{ problem: "sharePublicKeyInvalid", operator } as const],
  );
  if (invalid.length > 0) return invalid;

  const byId = operatorIds
    .map((id, index) => ({ x: BigInt(id), key: shares[index] as G1Point, id }))
    .sort((a, b) => a.id - b.id);
  const subset = byId.slice(0, threshold);
  const points = subset.map((share) => share.key);
  const xs = subset.map((share) => share.x);
  const atX = (x: bigint) => pippenger(G1, points, lagrangeCoefficients(xs, x));

  if (!atX(0n).equals(validator)) return [{ problem: "sharesNotForValidator" }];
  const offSplit = byId
    .slice(threshold)
    .filter((share) => !atX(share.x).equals(share.key))
    .map((share) => ({ problem: "shareOffSplit", operator: share.id }) as const);
  if (offSplit.length > 0) return offSplit;
  if (pippenger(G1, points, leadingCoefficientWeights(xs)).is0()) {
    return [{ problem: "sharesBelowThreshold", threshold, operators: operatorIds.length }];
  }
  return [];
}

/** A G1 point from its 48-byte compressed form, or undefined when it is not a valid, non-identity public key. */
function decodePublicKey(bytes: Uint8Array): G1Point | undefined {
  try {
    const point = G1.fromBytes(bytes);
    point.assertValidity();
    return point.is0() ? undefined : point;
  } catch {
    return undefined;
  }
}

/** λ_i(x) = Π_{m ≠ i} (x - x_m) / (x_i - x_m): the weight of the i-th point in the polynomial's value at x. */
function lagrangeCoefficients(xs: readonly bigint[], x: bigint): bigint[] {
  return xs.map((xi, i) => {
    let numerator = 1n;
    let denominator = 1n;
    xs.forEach((xm, m) => {
      if (m === i) return;
      numerator = Fr.mul(numerator, Fr.sub(Fr.create(x), Fr.create(xm)));
      denominator = Fr.mul(denominator, Fr.sub(Fr.create(xi), Fr.create(xm)));
    });
    return Fr.div(numerator, denominator);
  });
}

/** 1 / Π_{m ≠ i} (x_i - x_m): the weights that give the interpolating polynomial's highest coefficient. */
function leadingCoefficientWeights(xs: readonly bigint[]): bigint[] {
  return xs.map((xi, i) =>
    Fr.inv(xs.reduce((product, xm, m) => (m === i ? product : Fr.mul(product, Fr.sub(xi, xm))), 1n)),
  );
}

/** Checks entries' share public keys and answers, in order, each one's problems; injected like VerifySignatures. */
export type CheckShareKeys = (
  checks: readonly ShareKeysCheck[],
) => readonly (readonly ShareKeysProblem[])[] | Promise<readonly (readonly ShareKeysProblem[])[]>;

/** Checks every entry on the current thread with noble (Node, tests, and the browser when no worker can run). */
export function checkShareKeysHere(checks: readonly ShareKeysCheck[]): ShareKeysProblem[][] {
  return checks.map(checkSharePublicKeys);
}

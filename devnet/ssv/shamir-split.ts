import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bytesToNumberBE, numberToBytesBE } from "@noble/curves/utils.js";

const Fr = bls12_381.fields.Fr;

/**
 * Shamir's secret sharing over the BLS12-381 scalar field, as the SSV keys tool does it: a random polynomial
 * of degree threshold - 1 whose constant term is the validator's secret key, evaluated at each operator's id
 * (x = the id, never 0). Returns one 32-byte big-endian share secret per id, in the order given.
 */
export function splitSecretKey(
  secretKey: Uint8Array,
  operatorIds: readonly number[],
  threshold: number,
  random: () => Uint8Array = bls12_381.utils.randomSecretKey,
): Uint8Array[] {
  const secret = bytesToNumberBE(secretKey);
  if (secret === 0n || secret >= Fr.ORDER) throw new RangeError("a BLS secret key is a non-zero scalar below r");
  if (new Set(operatorIds).size !== operatorIds.length || operatorIds.some((id) => !Number.isInteger(id) || id < 1)) {
    throw new RangeError("operator ids must be distinct positive whole numbers");
  }
  const coefficients = [secret, ...Array.from({ length: threshold - 1 }, () => Fr.create(bytesToNumberBE(random())))];
  return operatorIds.map((id) => {
    const x = BigInt(id);
    // Horner's rule from the highest coefficient down.
    const y = coefficients.reduceRight((sum, coefficient) => Fr.add(Fr.mul(sum, x), coefficient), 0n);
    return numberToBytesBE(y, 32);
  });
}

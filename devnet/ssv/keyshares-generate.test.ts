import type { KeyObject } from "node:crypto";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bytesToNumberBE } from "@noble/curves/utils.js";
import { bytesToHex, hexToBytes, keccak256, stringToBytes } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { blsPublicKey, blsVerify } from "../../src/core/deposit/bls-noble.ts";
import { decryptPkcs1v15, makeSsvOperators } from "../../tests/support/ssv-operator-keys.ts";
import { generateKeysharesEntry, type SsvOperatorKey } from "./keyshares-generate.ts";

const Fr = bls12_381.fields.Fr;
const OWNER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
// Non-contiguous ids: the shares are evaluated at x = operator id, as the SSV keys tool does.
const IDS = [40, 3, 25, 11, 7, 19, 30];
const SECRET = hexToBytes("0x2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80911");

/** The polynomial's value at 0 from the points given (Lagrange): the secret when there are enough points. */
function interpolateAtZero(points: ReadonlyArray<readonly [bigint, bigint]>): bigint {
  return points.reduce((sum, [xi, yi], i) => {
    const basis = points.reduce(
      (product, [xj], j) => (i === j ? product : Fr.mul(product, Fr.div(xj, Fr.sub(xj, xi)))),
      1n,
    );
    return Fr.add(sum, Fr.mul(yi, basis));
  }, 0n);
}

function subsets<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  return items.flatMap((item, index) => subsets(items.slice(index + 1), size - 1).map((rest) => [item, ...rest]));
}

/** Each operator's decrypted share secret, keyed by operator id, and the share public keys in sharesData. */
function openShares(sharesData: string, operatorIds: readonly number[], privateKeys: Map<number, KeyObject>) {
  const bytes = hexToBytes(sharesData as `0x${string}`);
  const n = operatorIds.length;
  return operatorIds.map((id, i) => {
    const publicKey = bytes.subarray(96 + 48 * i, 96 + 48 * (i + 1));
    const ciphertext = bytes.subarray(96 + 48 * n + 256 * i, 96 + 48 * n + 256 * (i + 1));
    const text = decryptPkcs1v15(privateKeys.get(id) as KeyObject, ciphertext);
    return { id, text, publicKey };
  });
}

describe("generateKeysharesEntry", () => {
  let operators: SsvOperatorKey[];
  let privateKeys: Map<number, KeyObject>;
  beforeAll(() => {
    ({ operators, privateKeys } = makeSsvOperators(IDS));
  });
  const four = () => operators.slice(0, 4); // ids 40, 3, 25, 11: deliberately unsorted

  it("lays out sharesData as signature, 4 share public keys, 4 RSA ciphertexts: 1312 bytes, ids ascending", () => {
    const { entry } = generateKeysharesEntry({ secretKey: SECRET, owner: OWNER, nonce: 5, operators: four() });
    expect(entry.payload.operatorIds).toEqual([3, 11, 25, 40]);
    expect(entry.data.operators.map((operator) => operator.id)).toEqual([3, 11, 25, 40]);
    expect(entry.data.publicKey).toBe(bytesToHex(blsPublicKey(SECRET)));
    expect(entry.payload.publicKey).toBe(entry.data.publicKey);
    expect(entry.data.ownerAddress).toBe(OWNER);
    expect(entry.data.ownerNonce).toBe(5);
    expect(hexToBytes(entry.payload.sharesData as `0x${string}`).length).toBe(1312);
  });

  it("encrypts each share to its operator: the operator's private key opens it, its public key matches", () => {
    const { entry } = generateKeysharesEntry({ secretKey: SECRET, owner: OWNER, nonce: 0, operators: four() });
    for (const share of openShares(entry.payload.sharesData, entry.payload.operatorIds, privateKeys)) {
      expect(share.text).toMatch(/^0x[0-9a-f]{64}$/);
      expect(bytesToHex(share.publicKey)).toBe(bytesToHex(blsPublicKey(hexToBytes(share.text as `0x${string}`))));
    }
  });

  it("splits 3 of 4 at x = operator id: every 3 shares give back the secret key, no 2 shares do", () => {
    const { entry } = generateKeysharesEntry({ secretKey: SECRET, owner: OWNER, nonce: 0, operators: four() });
    const points = openShares(entry.payload.sharesData, entry.payload.operatorIds, privateKeys).map(
      (share) => [BigInt(share.id), bytesToNumberBE(hexToBytes(share.text as `0x${string}`))] as const,
    );
    const secret = bytesToNumberBE(SECRET);
    for (const subset of subsets(points, 3)) expect(interpolateAtZero(subset)).toBe(secret);
    for (const subset of subsets(points, 2)) expect(interpolateAtZero(subset)).not.toBe(secret);
    // Read at x = 1..4 instead of the ids, the same shares do not give the key back.
    const byIndex = points.slice(0, 3).map(([, y], index) => [BigInt(index + 1), y] as const);
    expect(interpolateAtZero(byIndex)).not.toBe(secret);
  });

  it("splits 5 of 7 for a 7-operator cluster: 5 shares give the key back, 4 do not", () => {
    const { entry } = generateKeysharesEntry({ owner: OWNER, nonce: 0, operators });
    const points = openShares(entry.payload.sharesData, entry.payload.operatorIds, privateKeys).map(
      (share) => [BigInt(share.id), bytesToNumberBE(hexToBytes(share.text as `0x${string}`))] as const,
    );
    const secret = interpolateAtZero(points.slice(0, 5));
    expect(bytesToHex(blsPublicKey(hexToBytes(`0x${secret.toString(16).padStart(64, "0")}`)))).toBe(
      entry.data.publicKey,
    );
    expect(interpolateAtZero(points.slice(2, 7))).toBe(secret);
    expect(interpolateAtZero(points.slice(0, 4))).not.toBe(secret);
  });

  it("signs keccak256 of `checksummed owner:nonce` with the validator key, in sharesData's first 96 bytes", () => {
    const lowerCaseOwner = OWNER.toLowerCase();
    const { entry } = generateKeysharesEntry({ secretKey: SECRET, owner: lowerCaseOwner, nonce: 7, operators: four() });
    const signature = hexToBytes(entry.payload.sharesData as `0x${string}`).subarray(0, 96);
    const publicKey = hexToBytes(entry.data.publicKey as `0x${string}`);
    const signed = (text: string) => keccak256(stringToBytes(text), "bytes");
    expect(blsVerify(signature, signed("0x70997970C51812dc3A010C7d01b50e0d17dc79C8:7"), publicKey)).toBe(true);
    expect(blsVerify(signature, signed("0x70997970c51812dc3a010c7d01b50e0d17dc79c8:7"), publicKey)).toBe(false);
    expect(blsVerify(signature, signed("0x70997970C51812dc3A010C7d01b50e0d17dc79C8:8"), publicKey)).toBe(false);
  });

  it("refuses a cluster size SSV does not allow, and an operator key that is not RSA", () => {
    expect(() => generateKeysharesEntry({ owner: OWNER, nonce: 0, operators: operators.slice(0, 5) })).toThrow(
      "an SSV cluster has 4, 7, 10, 13 operators, not 5",
    );
    const broken = [...four().slice(0, 3), { id: 99, publicKey: Buffer.from("not a key").toString("base64") }];
    expect(() => generateKeysharesEntry({ owner: OWNER, nonce: 0, operators: broken })).toThrow(
      "operator 99: its key is not base64 of a PEM public key",
    );
  });
});

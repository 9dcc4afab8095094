import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bytesToHex, hexToBytes } from "viem";
import { describe, expect, it } from "vitest";
import { blsPublicKey, blsSign, verifySignaturesWithNoble } from "./bls-noble.ts";
import { loadWasmBls, verifySignaturesWithWasm } from "./bls-wasm.ts";
import { createDepositData } from "./create-deposit-data.ts";
import { computeDepositDomain, computeSigningRoot, type SignatureCheck } from "./signing.ts";
import { withdrawalCredentials } from "./withdrawal-credentials.ts";

const secretKey = (seed: number) => {
  const secret = new Uint8Array(32);
  secret[0] = 0x2b;
  secret[30] = seed >> 8;
  secret[31] = seed & 0xff;
  return secret;
};
const root = (seed: number) =>
  computeSigningRoot(Uint8Array.of(seed).fill(seed), computeDepositDomain(new Uint8Array(4)));

/** A well-formed compressed G1 point that is on the curve but outside the prime-order subgroup. */
function publicKeyOutsideSubgroup(): Uint8Array {
  const { Fp } = bls12_381.fields;
  for (let x = 1n; ; x++) {
    try {
      Fp.sqrt(Fp.add(Fp.pow(x, 3n), 4n));
    } catch {
      continue; // x³ + 4 is not a square: no point has this x
    }
    const encoded = hexToBytes(`0x${x.toString(16).padStart(96, "0")}`);
    encoded[0] = (encoded[0] ?? 0) | 0x80; // the compression flag
    return encoded;
  }
}

/** A well-formed compressed G2 point (x = c0 + c1·u with c1 = 0) on the curve but outside the subgroup. */
function signatureOutsideSubgroup(): Uint8Array {
  const { Fp2 } = bls12_381.fields;
  for (let c0 = 1n; ; c0++) {
    const x = Fp2.create({ c0, c1: 0n });
    try {
      Fp2.sqrt(Fp2.add(Fp2.mul(Fp2.sqr(x), x), Fp2.create({ c0: 4n, c1: 4n })));
    } catch {
      continue;
    }
    const encoded = new Uint8Array(96); // c1 (zero) then c0, big-endian
    encoded.set(hexToBytes(`0x${c0.toString(16).padStart(96, "0")}`), 48);
    encoded[0] = 0x80;
    return encoded;
  }
}

describe("BLS with bls-eth-wasm", () => {
  it("signs byte for byte as noble does, and derives the same public keys", async () => {
    const wasm = await loadWasmBls();
    for (const seed of [1, 2, 300]) {
      expect(bytesToHex(wasm.publicKey(secretKey(seed)))).toBe(bytesToHex(blsPublicKey(secretKey(seed))));
      expect(bytesToHex(wasm.sign(root(seed), secretKey(seed)))).toBe(bytesToHex(blsSign(root(seed), secretKey(seed))));
    }
  });

  it("creates the same deposit CLI entry as noble when used as the deposit signer", async () => {
    const input = {
      secretKey: secretKey(7),
      withdrawalCredentials: withdrawalCredentials("0x01", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
      amountGwei: 32_000_000_000n,
      forkVersion: hexToBytes("0x10000910"),
      networkName: "hoodi",
    };
    expect(createDepositData(input, await loadWasmBls())).toEqual(createDepositData(input));
  });

  it("gives noble's verdict for valid signatures and for every kind of invalid one, without throwing", async () => {
    const valid = (seed: number): SignatureCheck => ({
      publicKey: blsPublicKey(secretKey(seed)),
      signingRoot: root(seed),
      signature: blsSign(root(seed), secretKey(seed)),
    });
    const checks: SignatureCheck[] = [
      valid(1),
      { ...valid(2), signingRoot: root(3) },
      { ...valid(4), signature: valid(5).signature },
      { ...valid(6), publicKey: hexToBytes(`0xc0${"00".repeat(47)}`) },
      { ...valid(7), signature: hexToBytes(`0xc0${"00".repeat(95)}`) },
      { ...valid(8), signature: hexToBytes(`0x${"ff".repeat(96)}`) },
      { ...valid(9), publicKey: valid(9).publicKey.slice(0, 47) },
      { ...valid(10), publicKey: publicKeyOutsideSubgroup() },
      { ...valid(11), publicKey: valid(11).publicKey.map((byte, index) => (index === 0 ? byte & 0x7f : byte)) },
      { ...valid(12), signature: signatureOutsideSubgroup() },
      valid(13),
    ];
    const expected = [true, false, false, false, false, false, false, false, false, false, true];
    expect(verifySignaturesWithNoble(checks)).toEqual(expected);
    expect(await verifySignaturesWithWasm(checks)).toEqual(expected);
  });

  it("finds the one bad signature in a batch whose other signatures are valid", async () => {
    const wasm = await loadWasmBls();
    const checks = Array.from({ length: 12 }, (_, seed) => ({
      publicKey: wasm.publicKey(secretKey(seed + 1)),
      signingRoot: root(seed),
      signature: wasm.sign(root(seed), secretKey(seed + 1)),
    }));
    expect(wasm.verifySignatures(checks)).toEqual(checks.map(() => true));
    const tampered = checks.map((check, index) => (index === 5 ? { ...check, signingRoot: root(99) } : check));
    expect(wasm.verifySignatures(tampered)).toEqual(checks.map((_, index) => index !== 5));
  });
});

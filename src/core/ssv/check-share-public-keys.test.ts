import { bls12_381 } from "@noble/curves/bls12-381.js";
import { describe, expect, it } from "vitest";
import { splitSecretKey } from "../../../devnet/ssv/shamir-split.ts";
import { blsPublicKey } from "../deposit/bls-noble.ts";
import { checkSharePublicKeys } from "./check-share-public-keys.ts";

/** Operator ids as they look on a live SSV network: sparse, unordered in the file's eyes, never 0. */
const IDS: Record<number, number[]> = {
  4: [3, 17, 240, 1021],
  7: [2, 5, 11, 64, 300, 301, 1500],
  10: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  13: [7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77, 84, 91],
};
/** SSV's split: 3 of 4, 5 of 7, 7 of 10, 9 of 13. */
const THRESHOLD: Record<number, number> = { 4: 3, 7: 5, 10: 7, 13: 9 };

function split(n: number, threshold = THRESHOLD[n] as number) {
  const ids = IDS[n] as number[];
  const secretKey = bls12_381.utils.randomSecretKey();
  const shares = splitSecretKey(secretKey, ids, threshold);
  return { publicKey: blsPublicKey(secretKey), operatorIds: ids, sharePublicKeys: shares.map(blsPublicKey) };
}

describe("checkSharePublicKeys", () => {
  for (const n of [4, 7, 10, 13]) {
    describe(`${n} operators`, () => {
      it("accepts the share keys of a real split of the validator key", () => {
        expect(checkSharePublicKeys(split(n))).toEqual([]);
      });

      it("refuses share keys spliced from another validator's split", () => {
        const validator = split(n);
        const other = split(n);
        const spliced = { ...validator, sharePublicKeys: other.sharePublicKeys };
        expect(checkSharePublicKeys(spliced)).toEqual([{ problem: "sharesNotForValidator" }]);
      });

      it("names each operator beyond the threshold whose share key comes from another split", () => {
        const validator = split(n);
        const other = split(n);
        const beyond = (IDS[n] as number[]).slice(THRESHOLD[n]); // 1021; 301, 1500; 8, 9, 10; 70 … 91
        const keys = validator.sharePublicKeys.map((key, k) =>
          k < (THRESHOLD[n] as number) ? key : (other.sharePublicKeys[k] as Uint8Array),
        );
        expect(checkSharePublicKeys({ ...validator, sharePublicKeys: keys })).toEqual(
          beyond.map((operator) => ({ problem: "shareOffSplit", operator })),
        );
      });

      it("refuses a split that fewer operators than the threshold could sign with", () => {
        expect(checkSharePublicKeys(split(n, (THRESHOLD[n] as number) - 1))).toEqual([
          { problem: "sharesBelowThreshold", threshold: THRESHOLD[n], operators: n },
        ]);
      });
    });
  }

  it("refuses share keys that all equal the validator key: every operator alone could sign", () => {
    const validator = split(4);
    const copies = { ...validator, sharePublicKeys: validator.sharePublicKeys.map(() => validator.publicKey) };
    expect(checkSharePublicKeys(copies)).toEqual([{ problem: "sharesBelowThreshold", threshold: 3, operators: 4 }]);
  });

  it("refuses a share key altered among the first operators: the keys then combine to another key", () => {
    const validator = split(4);
    const keys = [...validator.sharePublicKeys];
    keys[0] = split(4).sharePublicKeys[0] as Uint8Array;
    expect(checkSharePublicKeys({ ...validator, sharePublicKeys: keys })).toEqual([
      { problem: "sharesNotForValidator" },
    ]);
  });

  it("names a share key that is not a valid BLS public key: not on the curve, or the identity", () => {
    const validator = split(4);
    const keys = [...validator.sharePublicKeys];
    keys[1] = Uint8Array.from({ length: 48 }, (_, i) => (i === 0 ? 0x80 : 0xff)); // x beyond the field
    keys[3] = Uint8Array.from({ length: 48 }, (_, i) => (i === 0 ? 0xc0 : 0)); // the point at infinity
    expect(checkSharePublicKeys({ ...validator, sharePublicKeys: keys })).toEqual([
      { problem: "sharePublicKeyInvalid", operator: 17 },
      { problem: "sharePublicKeyInvalid", operator: 1021 },
    ]);
  });

  it("leaves an invalid validator key to the signature rule", () => {
    const validator = split(4);
    expect(checkSharePublicKeys({ ...validator, publicKey: new Uint8Array(48) })).toEqual([]);
  });
});

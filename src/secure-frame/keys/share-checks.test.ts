import { stringToHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { encodeShare, splitKey } from "./shamir.ts";
import { checkSplit, keyFor, refuseShareProofMessage } from "./share-checks.ts";

// anvil's first dev account.
const KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const ADDRESS = privateKeyToAccount(KEY).address;

describe("checking shares against the wallet's address before they are kept", () => {
  it("passes a split of the wallet's key and gives the key back from a matching pair only", () => {
    const shares = splitKey(KEY);
    expect(() => checkSplit(ADDRESS, shares)).not.toThrow();
    expect(keyFor(ADDRESS.toLowerCase(), shares.device, shares.recovery)).toBe(KEY);
    expect(keyFor(ADDRESS, shares.device, splitKey(KEY).server)).toBeUndefined();
    expect(keyFor(ADDRESS, shares.device, "not a share")).toBeUndefined();
  });

  it("refuses a split whose server or recovery share does not rebuild the wallet, naming the wallet", () => {
    const shares = splitKey(KEY);
    const message = `These key shares do not rebuild the wallet ${ADDRESS}: nothing was stored; try again`;
    expect(() => checkSplit(ADDRESS, { ...shares, server: encodeShare(2, 12345n) })).toThrow(message);
    expect(() => checkSplit(ADDRESS, { ...shares, recovery: encodeShare(3, 12345n) })).toThrow(message);
    expect(() => checkSplit(ADDRESS, splitKey(`0x${"22".repeat(32)}`))).toThrow(message);
  });
});

describe("the share-replacement message", () => {
  it("is never signed for an app: personal_sign of it is refused", () => {
    const proof = stringToHex(
      "Store a new server share for this embedded wallet.\n\nOrigin: https://wallet.example.org\nNonce: 00",
    );
    expect(() => refuseShareProofMessage(proof)).toThrow(
      "This message would let its signer replace this wallet's key shares: the wallet does not sign it for an app",
    );
    expect(() => refuseShareProofMessage(stringToHex("Sign in to the staking app"))).not.toThrow();
    expect(() => refuseShareProofMessage("0xff00")).not.toThrow();
  });
});

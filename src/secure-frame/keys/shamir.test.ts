import { describe, expect, it } from "vitest";
import { combineShares, decodeShare, splitKey } from "./shamir.ts";

// A fixed secp256k1 key (anvil's first dev account).
const KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

describe("2-of-3 Shamir split of the wallet key", () => {
  it("gives the key back from any two of the three shares", () => {
    const { device, server, recovery } = splitKey(KEY);
    expect(combineShares(device, server)).toBe(KEY);
    expect(combineShares(server, device)).toBe(KEY);
    expect(combineShares(device, recovery)).toBe(KEY);
    expect(combineShares(server, recovery)).toBe(KEY);
  });

  it("does not contain the key in any single share, and two splits of the same key share nothing", () => {
    const first = splitKey(KEY);
    const second = splitKey(KEY);
    for (const share of Object.values(first)) expect(share).not.toContain(KEY.slice(2));
    expect(first.server).not.toBe(second.server);
    expect(first.device).not.toBe(second.device);
    // Shares of different splits do not combine into the key.
    expect(combineShares(first.device, second.server)).not.toBe(KEY);
  });

  it("refuses the same share twice and malformed shares with a clear message", () => {
    const { device } = splitKey(KEY);
    expect(() => combineShares(device, device)).toThrow("Two different shares are needed");
    expect(() => decodeShare("4-00")).toThrow("A share is its number (1, 2 or 3), a hyphen and 64 hexadecimal digits");
    expect(() => decodeShare(`3-${"f".repeat(64)}`)).toThrow("not below the secp256k1 order");
  });

  it("combines shares stored by the earlier hand-written arithmetic, every pair in either order", () => {
    // A split of KEY made by the module before it used @noble/curves' field (kept to prove stored shares still open).
    const stored = {
      device: "1-c053025c8951d03c92a48f31945f4f46f34473acecffc8081bfc40598a433430",
      server: "2-d49c8ffa4f098895b9a477ae56859ef99adc32e10e123113898033371f9368e0",
      recovery: "3-e8e61d9814c140eee0a4602b18abeeac4273f2152f249a1ef7042614b4e39d90",
    };
    const shares = Object.values(stored);
    for (const first of shares)
      for (const second of shares) if (first !== second) expect(combineShares(first, second)).toBe(KEY);
  });
});

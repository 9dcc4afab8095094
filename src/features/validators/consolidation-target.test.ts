import { describe, expect, it } from "vitest";
import { parseConsolidationTarget, targetQuery } from "./consolidation-target.ts";

const pubkey = `0x${"Ab".repeat(48)}`;

describe("parseConsolidationTarget", () => {
  it("reads a validator index or a 48-byte public key, trimmed, the key in lower case", () => {
    expect(parseConsolidationTarget(" 12 ")).toEqual({ kind: "index", index: 12 });
    expect(parseConsolidationTarget("0")).toEqual({ kind: "index", index: 0 });
    expect(parseConsolidationTarget(pubkey)).toEqual({ kind: "pubkey", pubkey: pubkey.toLowerCase() });
    expect(targetQuery({ kind: "index", index: 12 })).toBe("12");
  });

  it("refuses what is neither: a negative or fractional index, an address, a short or unprefixed key, nothing", () => {
    for (const text of [
      "",
      "-1",
      "1.5",
      "0x1111111111111111111111111111111111111111",
      pubkey.slice(0, 96),
      pubkey.slice(2),
      "twelve",
    ]) {
      expect(parseConsolidationTarget(text)).toBeUndefined();
    }
  });
});

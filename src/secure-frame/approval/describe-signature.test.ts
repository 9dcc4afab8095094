import { stringToHex } from "viem";
import { describe, expect, it } from "vitest";
import { messageRows, typedDataRows } from "./describe-signature.ts";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("the frame's signature approvals", () => {
  it("shows a UTF-8 personal_sign message as text and anything else as hex", () => {
    expect(messageRows(ACCOUNT, stringToHex("Sign in to stake.example\nNonce: 7 ✓"))).toEqual([
      ["Account", ACCOUNT],
      ["Message", "Sign in to stake.example\nNonce: 7 ✓"],
    ]);
    expect(messageRows(ACCOUNT, "0xff00fe01")).toEqual([
      ["Account", ACCOUNT],
      ["Message (hex, not text)", "0xff00fe01"],
    ]);
    // Valid UTF-8 but control bytes (a hash, say): hex.
    expect(messageRows(ACCOUNT, "0x0102")[1]).toEqual(["Message (hex, not text)", "0x0102"]);
  });

  it("shows typed data's domain (name, network, verifying contract) and primary type", () => {
    const rows = typedDataRows(ACCOUNT, {
      domain: { name: "Ether Mail", chainId: 1, verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC" },
      primaryType: "Mail",
      message: { contents: "Hello" },
    });
    expect(rows).toEqual([
      ["Account", ACCOUNT],
      ["Requested by", "Ether Mail"],
      ["Network", "Ethereum"],
      ["Verifying contract", "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"],
      ["Data type", "Mail"],
      ["Message", '{\n "contents": "Hello"\n}'],
    ]);
  });
});

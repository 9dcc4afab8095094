import { stringToHex } from "viem";
import { describe, expect, it } from "vitest";
import { messageRows } from "./describe-signature.ts";

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
});

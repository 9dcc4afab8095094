import { describe, expect, it } from "vitest";
import { explorerAddressUrl, explorerTransactionUrl, explorerValidatorUrl } from "./explorer-links.ts";

describe("explorer links", () => {
  it("follow the shapes config documents for an explorer's base URL", () => {
    expect(explorerTransactionUrl("https://etherscan.io", "0xab")).toBe("https://etherscan.io/tx/0xab");
    expect(explorerAddressUrl("https://etherscan.io", "0xcd")).toBe("https://etherscan.io/address/0xcd");
    expect(explorerValidatorUrl("https://beaconcha.in", 42)).toBe("https://beaconcha.in/validator/42");
  });
});

import { describe, expect, it } from "vitest";
import { networks } from "../../generated/index.ts";
import { transactionExplorerUrl } from "./explorer-link.ts";

const txHash = `0x${"01".repeat(32)}`;

describe("operation links", () => {
  it("links a transaction to the environment's explorer, and to none on the devnet", () => {
    const [mainnet, , devnet] = networks.ethereum.environments ?? [];
    expect(transactionExplorerUrl(mainnet, txHash)).toBe(`https://etherscan.io/tx/${txHash}`);
    expect(transactionExplorerUrl(devnet, txHash)).toBeUndefined();
  });
});

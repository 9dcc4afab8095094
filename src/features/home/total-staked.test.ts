import { describe, expect, it } from "vitest";
import { formatTotalStaked, totalStakedOf } from "./total-staked.ts";

const stats = {
  networks: [
    {
      network: "ethereum",
      referenceApr: null,
      environments: [
        { environment: "mainnet", measuredApr: null, totalStakedWei: 0n },
        { environment: "devnet", measuredApr: "2.85", totalStakedWei: 64_000_000_000_000_000_000n },
      ],
    },
  ],
};

describe("total staked on the home page", () => {
  it("is the server's total of the network's served environment, and nothing when none is staked or known", () => {
    expect(totalStakedOf(stats, "ethereum", "devnet")).toBe(64_000_000_000_000_000_000n);
    expect(totalStakedOf(stats, "ethereum", "mainnet")).toBeUndefined();
    expect(totalStakedOf(stats, "avalanche", "mainnet")).toBeUndefined();
    expect(totalStakedOf(undefined, "ethereum", "devnet")).toBeUndefined();
  });

  it("reads as at most two decimals with digit grouping, rounded down", () => {
    expect(formatTotalStaked(69_761_234_000_000_000_000n, 18, "ETH", "en_US")).toBe("69.76 ETH");
    expect(formatTotalStaked(1_234_500_000_000_000_000_000n, 18, "ETH", "en_US")).toBe("1,234.5 ETH");
    expect(formatTotalStaked(64_000_000_000_000_000_000n, 18, "ETH", "zh_CN")).toBe("64 ETH");
    expect(formatTotalStaked(2_500_000n, 6, "USDC", "en_US")).toBe("2.5 USDC");
  });
});

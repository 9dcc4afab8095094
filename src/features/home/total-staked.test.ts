import { describe, expect, it } from "vitest";
import { totalStakedOf } from "./total-staked.ts";

const stats = {
  networks: [
    {
      network: "ethereum",
      referenceApr: null,
      environments: [
        { environment: "mainnet", measuredApr: null, totalStakedWei: "0" },
        { environment: "devnet", measuredApr: "2.85", totalStakedWei: "64000000000000000000" },
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
});

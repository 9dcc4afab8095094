import { describe, expect, it } from "vitest";
import { formatBasisPoints, measuredApr } from "./measured-apr.ts";

const ETH = 10n ** 18n;

describe("measuredApr", () => {
  it("annualises the rewards over the stake-days once 7 days of chain time are covered", () => {
    // 0.15 ETH over 30 days on 64 ETH: 0.15 × 365 / 30 / 64 = 2.85 %.
    expect(measuredApr({ rewardsWei: (ETH * 15n) / 100n, stakedWeiDays: 30n * 64n * ETH, spanDays: 29 })).toBe("2.85");
    expect(measuredApr({ rewardsWei: (ETH * 35n) / 1000n, stakedWeiDays: 8n * 64n * ETH, spanDays: 7 })).toBe("2.49");
  });

  it("has no figure before 7 days, without stake, or when it is no staking yield", () => {
    // A few hours of the devnet's fast clock annualised: 851 %.
    expect(measuredApr({ rewardsWei: ETH / 100n, stakedWeiDays: 64n * ETH, spanDays: 0 })).toBeNull();
    expect(measuredApr({ rewardsWei: ETH / 1000n, stakedWeiDays: 7n * 64n * ETH, spanDays: 6 })).toBeNull();
    expect(measuredApr({ rewardsWei: ETH, stakedWeiDays: 0n, spanDays: 20 })).toBeNull();
    // Seven days at the devnet's pace: 96 times mainnet's 3 %.
    expect(measuredApr({ rewardsWei: (ETH * 34n) / 10n, stakedWeiDays: 8n * 64n * ETH, spanDays: 7 })).toBeNull();
    expect(measuredApr({ rewardsWei: ETH, stakedWeiDays: 365n * ETH, spanDays: 7 })).toBe("100.00");
    expect(measuredApr({ rewardsWei: 2n * ETH, stakedWeiDays: 365n * ETH, spanDays: 7 })).toBeNull();
  });
});

describe("formatBasisPoints", () => {
  it("reads basis points as a percent with two decimals", () => {
    expect(formatBasisPoints(342n)).toBe("3.42");
    expect(formatBasisPoints(-5n)).toBe("-0.05");
  });
});

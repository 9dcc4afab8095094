import { describe, expect, it } from "vitest";
import { ssvFunding } from "./ssv-funding.ts";

// The devnet's DAO parameters (README, SSV section).
const devnet = {
  networkFee: 1_243_580_000_000n,
  liquidationThresholdPeriod: 100_240n,
  minimumLiquidationCollateral: 385_795_451_000_000_000n,
};
// Devnet operators 1-4: 382,640,000,000 + 573,960,000,000 + 765,280,000,000 + 956,600,000,000 wei a block.
const fees = [382_640_000_000n, 573_960_000_000n, 765_280_000_000n, 956_600_000_000n];

describe("required SSV for a funding period", () => {
  it("is (operators' fees + network fee) × blocks + the threshold's fees as collateral, for 30 days", () => {
    const check = ssvFunding(30, fees, 1, devnet);
    if (!check.ok) throw new Error("30 days refused");
    expect(check.funding.blocks).toBe(216_000n);
    expect(check.funding.feePerBlock).toBe(3_922_060_000_000n);
    expect(check.funding.operatingCost).toBe(847_164_960_000_000_000n);
    // 3,922,060,000,000 × 100,240 = 0.3931 SSV, above the 0.385795451 SSV minimum.
    expect(check.funding.collateral).toBe(393_147_294_400_000_000n);
    expect(check.funding.total).toBe(1_240_312_254_400_000_000n);
  });

  it("scales with the validators and keeps the minimum collateral when the threshold's fees are below it", () => {
    const three = ssvFunding(365, fees, 3, devnet);
    if (!three.ok) throw new Error("365 days refused");
    expect(three.funding.operatingCost).toBe(3_922_060_000_000n * 3n * 2_628_000n);
    const cheap = ssvFunding(30, [1_000_000_000n, 1_000_000_000n, 1_000_000_000n, 1_000_000_000n], 1, devnet);
    if (!cheap.ok) throw new Error("30 days refused");
    expect(cheap.funding.collateral).toBe(385_795_451_000_000_000n);
  });

  it("refuses a period under the liquidation threshold (100,240 blocks: 14 days) and accepts 14 days", () => {
    expect(ssvFunding(13, fees, 1, devnet)).toEqual({ ok: false, minimumDays: 14 });
    expect(ssvFunding(14, fees, 1, devnet).ok).toBe(true);
  });
});

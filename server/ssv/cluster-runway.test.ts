import { describe, expect, it } from "vitest";
import { clusterRunway } from "./cluster-runway.ts";

const RULES = {
  liquidationThresholdPeriod: 214_800n,
  minimumLiquidationCollateral: 1_000_000_000_000_000_000n,
  blocksPerDay: 7_160n,
};
const FEES = [382_640_000_000n, 382_640_000_000n, 382_640_000_000n, 382_640_000_000n];

describe("cluster burn rate and runway", () => {
  it("burns (operators' fees + network fee) × validators per block", () => {
    const { burnRate } = clusterRunway({
      ...RULES,
      operatorFees: FEES,
      networkFee: 3_550_929_823n,
      validatorCount: 2,
      balance: 0n,
    });
    expect(burnRate).toBe(3_068_221_859_646n);
  });

  it("counts days of 7,160 blocks until the balance reaches the collateral, burn rate × threshold period", () => {
    // Burn 1e12 per block: 214,800 blocks of it (2.148e17) is below the minimum, so the collateral is 1e18.
    const { runwayDays } = clusterRunway({
      ...RULES,
      operatorFees: [250_000_000_000n, 250_000_000_000n, 250_000_000_000n, 250_000_000_000n],
      networkFee: 0n,
      validatorCount: 1,
      balance: 1_000_000_000_000_000_000n + 7_160_000_000_000_000n,
    });
    // 7,160 blocks above the collateral = 1 day of SSV's count.
    expect(runwayDays).toBe(1);
  });

  it("takes the threshold period's burn as collateral when it exceeds the minimum", () => {
    const { runwayDays } = clusterRunway({
      liquidationThresholdPeriod: 100n,
      minimumLiquidationCollateral: 1n,
      blocksPerDay: 7_160n,
      operatorFees: [10n ** 16n],
      networkFee: 0n,
      validatorCount: 1,
      // collateral 1e18 (100 blocks); 3,580 blocks more = half a day
      balance: 10n ** 18n + 3_580n * 10n ** 16n,
    });
    expect(runwayDays).toBe(0.5);
  });

  it("is 0 at or below the collateral and null when nothing burns", () => {
    expect(
      clusterRunway({ ...RULES, operatorFees: FEES, networkFee: 0n, validatorCount: 1, balance: 10n ** 18n })
        .runwayDays,
    ).toBe(0);
    expect(
      clusterRunway({ ...RULES, operatorFees: FEES, networkFee: 0n, validatorCount: 0, balance: 10n ** 19n }),
    ).toEqual({
      burnRate: 0n,
      runwayDays: null,
    });
  });
});

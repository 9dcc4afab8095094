import { describe, expect, it } from "vitest";
import { estimateRewards } from "./estimate-rewards.ts";

// Expected values worked out by hand (and checked with 40-digit decimal arithmetic):
// 1000 at 10%: a day earns 1000 × 0.10 / 365 = 0.2739726027…; simple month 30 × that = 8.2191780821…;
// simple year 100. Daily compounding: month 1000 × ((1 + 0.1/365)^30 − 1) = 8.2519132…,
// year 1000 × ((1 + 0.1/365)^365 − 1) = 105.1557816…
describe("estimateRewards", () => {
  it("computes simple daily, monthly and yearly rewards", () => {
    const estimate = estimateRewards(1000, 10, false);
    expect(estimate.daily).toBeCloseTo(0.2739726027, 9);
    expect(estimate.monthly).toBeCloseTo(8.2191780822, 9);
    expect(estimate.yearly).toBeCloseTo(100, 9);
  });

  it("compounds daily when asked", () => {
    const estimate = estimateRewards(1000, 10, true);
    expect(estimate.daily).toBeCloseTo(0.2739726027, 9);
    expect(estimate.monthly).toBeCloseTo(8.2519133, 6);
    expect(estimate.yearly).toBeCloseTo(105.1557816, 6);
  });

  it("gives 32 ETH at 3.5% about 1.13978 a year compounded and 1.12 simple", () => {
    expect(estimateRewards(32, 3.5, false).yearly).toBeCloseTo(1.12, 9);
    expect(estimateRewards(32, 3.5, true).yearly).toBeCloseTo(1.1397751, 6);
  });

  it("earns nothing at 0% and rejects negative input", () => {
    expect(estimateRewards(500, 0, true)).toEqual({ daily: 0, monthly: 0, yearly: 0 });
    expect(() => estimateRewards(-1, 5, false)).toThrow(RangeError);
    expect(() => estimateRewards(1, Number.NaN, false)).toThrow(RangeError);
  });
});

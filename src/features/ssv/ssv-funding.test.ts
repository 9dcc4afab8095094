import { describe, expect, it } from "vitest";
import { checkFundingDays, ssvFunding } from "./ssv-funding.ts";

// The devnet's DAO parameters (docs/ssv.md, "Devnet contracts").
const network = {
  networkFee: 1_243_580_000_000n,
  liquidationThresholdPeriod: 100_240n,
  minimumLiquidationCollateral: 385_795_451_000_000_000n,
};
// Devnet operators 1-4 (devnet/ssv/devnet-operators.json): 382,640,000,000 + 573,960,000,000 + 765,280,000,000
// + 956,600,000,000 wei a block.
const operatorFees = [382_640_000_000n, 573_960_000_000n, 765_280_000_000n, 956_600_000_000n];
// Ethereum's ssv.blocksPerDay in networks/ethereum.json: 7,160 (2,613,400 a year, as SSV's tools count).
const blocksPerDay = 7_160n;

function funded(days: number, validators: number, existing?: { validators: number; balance: bigint }) {
  const check = ssvFunding({ days, blocksPerDay, operatorFees, validators, network, existing });
  if (!check.ok) throw new Error(`${days} days refused`);
  return check.funding;
}

describe("required SSV for a funding period", () => {
  it("is (operators' fees + network fee) × blocks + the threshold's fees as collateral, for 30 days", () => {
    const funding = funded(30, 1);
    expect(funding.blocks).toBe(214_800n);
    expect(funding.feePerBlock).toBe(3_922_060_000_000n);
    expect(funding.operatingCost).toBe(842_458_488_000_000_000n);
    // 3,922,060,000,000 × 100,240 = 0.3931 SSV, above the 0.385795451 SSV minimum.
    expect(funding.collateral).toBe(393_147_294_400_000_000n);
    expect(funding.required).toBe(1_235_605_782_400_000_000n);
    expect(funding.inCluster).toBe(0n);
    expect(funding.deposit).toBe(1_235_605_782_400_000_000n);
  });

  it("scales the fees and the collateral with the validators: 3 for 365 days", () => {
    const funding = funded(365, 3);
    expect(funding.blocks).toBe(2_613_400n);
    expect(funding.validators).toBe(3);
    expect(funding.operatingCost).toBe(30_749_734_812_000_000_000n);
    expect(funding.collateral).toBe(1_179_441_883_200_000_000n);
    expect(funding.deposit).toBe(31_929_176_695_200_000_000n);
  });

  it("keeps the minimum collateral when the threshold's fees are below it", () => {
    const check = ssvFunding({
      days: 30,
      blocksPerDay,
      operatorFees: [1_000_000_000n, 1_000_000_000n, 1_000_000_000n, 1_000_000_000n],
      validators: 1,
      network,
    });
    if (!check.ok) throw new Error("30 days refused");
    expect(check.funding.collateral).toBe(385_795_451_000_000_000n);
  });

  it("counts an existing cluster's validators in the burn rate and deposits only what its balance lacks", () => {
    // 1 validator already in a cluster holding 1 SSV, 1 more for 30 days: 2 validators' fees and collateral.
    const topUp = funded(30, 1, { validators: 1, balance: 1_000_000_000_000_000_000n });
    expect(topUp.validators).toBe(2);
    expect(topUp.operatingCost).toBe(1_684_916_976_000_000_000n);
    expect(topUp.collateral).toBe(786_294_588_800_000_000n);
    expect(topUp.required).toBe(2_471_211_564_800_000_000n);
    expect(topUp.inCluster).toBe(1_000_000_000_000_000_000n);
    expect(topUp.deposit).toBe(1_471_211_564_800_000_000n);
    // Holding 10 SSV covers it: nothing to deposit, never a negative amount.
    expect(funded(30, 1, { validators: 1, balance: 10_000_000_000_000_000_000n }).deposit).toBe(0n);
  });

  it("refuses a period under the liquidation threshold (100,240 blocks: 14 days of 7,160) and accepts 14 days", () => {
    expect(ssvFunding({ days: 13, blocksPerDay, operatorFees, validators: 1, network })).toEqual({
      ok: false,
      minimumDays: 14,
    });
    expect(funded(14, 1).blocks).toBe(100_240n);
  });
});

describe("checkFundingDays", () => {
  it("takes whole days from 1 to 3650", () => {
    expect(checkFundingDays("1")).toEqual({ ok: true, days: 1 });
    expect(checkFundingDays(" 3650 ")).toEqual({ ok: true, days: 3650 });
  });

  it("names what is wrong with anything else", () => {
    const problem = (text: string) => {
      const check = checkFundingDays(text);
      return check.ok ? undefined : check.problem;
    };
    expect(problem("")).toBe("ssv.funding.daysRequired");
    expect(problem("abc")).toBe("ssv.funding.daysNotANumber");
    expect(problem("1e2")).toBe("ssv.funding.daysNotANumber");
    expect(problem("90.5")).toBe("ssv.funding.daysNotWhole");
    expect(problem("0")).toBe("ssv.funding.daysInvalid");
    expect(problem("-5")).toBe("ssv.funding.daysInvalid");
    expect(problem("3651")).toBe("ssv.funding.daysInvalid");
  });
});

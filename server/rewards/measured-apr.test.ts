import { describe, expect, it } from "vitest";
import { formatBasisPoints, measuredApr } from "./measured-apr.ts";

const ETH = 10n ** 18n;
const GWEI = 10n ** 9n;

describe("measuredApr", () => {
  it("annualises the rewards over the stake-epochs, a year being 82,181.25 epochs", () => {
    // 32 ETH earning 11,104 gwei an epoch (the devnet's base reward beside 34 million ETH) over 2,000 epochs:
    // 11,104 × 82,181.25 / 32,000,000,000 = 2.8516 %.
    expect(
      measuredApr({ rewardsWei: 2_000n * 11_104n * GWEI, stakedWeiEpochs: 2_000n * 32n * ETH, spanEpochs: 2_000n }),
    ).toBe("2.85");
    // On mainnet 30 days are 6,750 epochs: 0.15 ETH on 64 ETH over them is 0.15 × 365.25 / 30 / 64 = 2.8535 %.
    expect(
      measuredApr({ rewardsWei: (ETH * 15n) / 100n, stakedWeiEpochs: 6_750n * 64n * ETH, spanEpochs: 6_750n }),
    ).toBe("2.85");
    // A devnet chain day (86,400 s of 4-second epochs: 21,600 epochs) at the same pace reads the same rate.
    expect(
      measuredApr({ rewardsWei: 21_600n * 11_104n * GWEI, stakedWeiEpochs: 21_600n * 32n * ETH, spanEpochs: 21_600n }),
    ).toBe("2.85");
  });

  it("has a figure from 7 days of 225 epochs (1,575 epochs) on, none before", () => {
    const sample = (epochs: bigint) => ({
      rewardsWei: epochs * 11_104n * GWEI,
      stakedWeiEpochs: epochs * 32n * ETH,
      spanEpochs: epochs,
    });
    expect(measuredApr(sample(1_574n))).toBeNull();
    expect(measuredApr(sample(1_575n))).toBe("2.85");
    expect(measuredApr({ rewardsWei: ETH / 100n, stakedWeiEpochs: 64n * ETH, spanEpochs: 0n })).toBeNull();
  });

  it("has no figure without stake, or when it is no staking yield", () => {
    expect(measuredApr({ rewardsWei: ETH, stakedWeiEpochs: 0n, spanEpochs: 5_000n })).toBeNull();
    // Rewards of 96 days of 225 epochs counted as one: 96 times 2.85 %.
    expect(
      measuredApr({ rewardsWei: 21_600n * 11_104n * GWEI, stakedWeiEpochs: 225n * 32n * ETH, spanEpochs: 2_000n }),
    ).toBeNull();
    // 1 ETH a year on 1 ETH: 100 % is the most called measured.
    expect(measuredApr({ rewardsWei: 4n * ETH, stakedWeiEpochs: 328_725n * ETH, spanEpochs: 2_000n })).toBe("100.00");
    expect(measuredApr({ rewardsWei: 5n * ETH, stakedWeiEpochs: 328_725n * ETH, spanEpochs: 2_000n })).toBeNull();
  });
});

describe("formatBasisPoints", () => {
  it("reads basis points as a percent with two decimals", () => {
    expect(formatBasisPoints(342n)).toBe("3.42");
    expect(formatBasisPoints(-5n)).toBe("-0.05");
  });
});

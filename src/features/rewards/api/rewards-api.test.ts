import { describe, expect, it } from "vitest";
import { parseApiResponse, UnexpectedApiResponseError } from "../../../components/api/parse-api-response.ts";
import { rewardsHistoryCsvUrl, rewardsHistorySchema } from "./get-rewards-history.ts";
import { rewardsSummarySchema } from "./get-rewards-summary.ts";

const scope = { owner: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", network: "ethereum", environment: "devnet" };

describe("rewards API answers", () => {
  it("reads the summary's wei strings as bigints, penalties included", () => {
    const summary = parseApiResponse(
      rewardsSummarySchema,
      {
        asOf: "2026-11-09",
        validatorCount: 2,
        stakedWei: "64000000000000000000",
        totalWei: "64200000000000000000",
        earnedWei: "200000000000000000",
        consensusRewardsWei: "160000000000000000",
        executionRewardsWei: "40000000000000000",
        dailyIncomeWei: "-1000",
        weeklyIncomeWei: "35000000000000000",
        monthlyIncomeWei: "150000000000000000",
        averageApr: "2.85",
      },
      "GET /rewards/summary",
    );
    expect(summary.stakedWei).toBe(64n * 10n ** 18n);
    expect(summary.dailyIncomeWei).toBe(-1000n);
    expect(summary.averageApr).toBe("2.85");
  });

  it("accepts an owner without rewards and refuses amounts that are not whole numbers", () => {
    const empty = {
      asOf: null,
      validatorCount: 0,
      stakedWei: "0",
      totalWei: "0",
      earnedWei: "0",
      consensusRewardsWei: "0",
      executionRewardsWei: "0",
      dailyIncomeWei: "0",
      weeklyIncomeWei: "0",
      monthlyIncomeWei: "0",
      averageApr: null,
    };
    expect(parseApiResponse(rewardsSummarySchema, empty, "GET").asOf).toBeNull();
    expect(() => parseApiResponse(rewardsSummarySchema, { ...empty, stakedWei: "1.5" }, "GET")).toThrow(
      UnexpectedApiResponseError,
    );
    expect(() => parseApiResponse(rewardsSummarySchema, { ...empty, validatorCount: "2" }, "GET")).toThrow(
      /validatorCount/,
    );
  });

  it("reads a history page", () => {
    const page = parseApiResponse(
      rewardsHistorySchema,
      {
        rows: [
          {
            day: "2026-11-09",
            validatorCount: 2,
            stakedWei: "64000000000000000000",
            consensusRewardWei: "4000000000000000",
            executionRewardWei: "0",
            totalRewardWei: "4000000000000000",
          },
        ],
        total: 11,
        page: 2,
        pageSize: 10,
      },
      "GET /rewards/history",
    );
    expect(page.rows[0]?.consensusRewardWei).toBe(4n * 10n ** 15n);
    expect(page.total).toBe(11);
    expect(() => parseApiResponse(rewardsHistorySchema, { ...page, rows: [{ day: "26-11-09" }] }, "GET")).toThrow(
      UnexpectedApiResponseError,
    );
  });

  it("downloads the CSV of the same type and range, every page", () => {
    const url = new URL(
      rewardsHistoryCsvUrl(scope, { type: "execution", current: 3, from: "2026-11-01", to: undefined }),
    );
    expect(url.pathname).toBe("/rewards/history.csv");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ...scope,
      type: "execution",
      from: "2026-11-01",
      order: "desc",
    });
  });
});

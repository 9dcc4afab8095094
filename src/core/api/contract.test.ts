import { describe, expect, it } from "vitest";
import { z } from "zod";
import { networkStatsResponse } from "./network-stats.ts";
import { operationsResponse } from "./operations.ts";
import { parseApiResponse, UnexpectedApiResponseError } from "./parse-api-response.ts";
import { rewardsHistoryQuery } from "./rewards-history.ts";
import { rewardsSummaryResponse } from "./rewards-summary.ts";
import { validatorsResponse } from "./validators.ts";

const summary = {
  asOf: "2026-11-09",
  validatorCount: 2,
  stakedWei: "64000000000000000000",
  depositedWei: "64000000000000000000",
  withdrawnPrincipalWei: "0",
  exitedPrincipalWei: "0",
  totalWei: "64200000000000000000",
  earnedWei: "200000000000000000",
  consensusRewardsWei: "160000000000000000",
  executionRewardsWei: "40000000000000000",
  dailyIncomeWei: "-1000",
  weeklyIncomeWei: "35000000000000000",
  monthlyIncomeWei: "150000000000000000",
  averageApr: "2.85",
};
const stake = {
  kind: "stake",
  txHash: `0x${"01".repeat(32)}`,
  blockNumber: "10",
  status: "confirmed",
  amountWei: "64000000000000000000",
  occurredAt: "2026-10-01T00:00:00.000Z",
  details: { validators: 2, feeWei: "0" },
};

describe("the business API's answers as the app reads them", () => {
  it("reads wei strings as bigints, penalties included, and the server writes them back the same", () => {
    const read = parseApiResponse(rewardsSummaryResponse, summary, "GET /rewards/summary");
    expect(read.stakedWei).toBe(64n * 10n ** 18n);
    expect(read.dailyIncomeWei).toBe(-1000n);
    expect(read.averageApr).toBe("2.85");
    expect(z.encode(rewardsSummaryResponse, read)).toEqual(summary);
    const operations = parseApiResponse(
      operationsResponse,
      { total: 1, page: 1, pageSize: 20, operations: [stake] },
      "GET /operations",
    );
    expect(operations.operations[0]).toMatchObject({ kind: "stake", amountWei: 64n * 10n ** 18n });
  });

  it("refuses an answer of another shape with the app's unexpected-response error naming the field", () => {
    const unexpected = (read: () => unknown) => {
      try {
        read();
      } catch (error) {
        expect(error).toBeInstanceOf(UnexpectedApiResponseError);
        expect((error as UnexpectedApiResponseError).shortMessage).toBe("errors.unexpectedResponse");
        return (error as UnexpectedApiResponseError).details;
      }
      throw new Error("the answer was accepted");
    };
    expect(
      unexpected(() =>
        parseApiResponse(rewardsSummaryResponse, { ...summary, stakedWei: "1.5" }, "GET /rewards/summary"),
      ),
    ).toBe("GET /rewards/summary: stakedWei expected a whole number of base units as a decimal string");
    expect(
      unexpected(() =>
        parseApiResponse(
          operationsResponse,
          { total: 1, page: 1, pageSize: 20, operations: [{ ...stake, txHash: "0x12" }] },
          "GET /operations",
        ),
      ),
    ).toBe("GET /operations: operations.0.txHash expected 0x and 64 hexadecimal digits");
    expect(
      unexpected(() =>
        parseApiResponse(
          networkStatsResponse,
          {
            networks: [
              {
                network: "x",
                referenceApr: null,
                environments: [{ environment: "d", measuredApr: "high", totalStakedWei: "0" }],
              },
            ],
          },
          "GET /stats/networks",
        ),
      ),
    ).toBe("GET /stats/networks: networks.0.environments.0.measuredApr expected a percentage like 3.42");
    expect(unexpected(() => parseApiResponse(validatorsResponse, "<html>", "GET /validators"))).toMatch(
      /^GET \/validators: \(root\) /,
    );
  });

  it("fills a history query's defaults and refuses a backwards range at its first day", () => {
    const owner = { owner: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", network: "ethereum", environment: "devnet" };
    expect(rewardsHistoryQuery.parse(owner)).toEqual({ ...owner, order: "desc", type: "all", page: 1, pageSize: 30 });
    const backwards = rewardsHistoryQuery.safeParse({ ...owner, from: "2026-11-10", to: "2026-11-01" });
    expect(backwards.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["from", "expected a day no later than to"],
    ]);
    expect(rewardsHistoryQuery.safeParse({ ...owner, pageSize: "367" }).error?.issues[0]?.message).toBe(
      "expected a whole number from 1 to 366",
    );
  });
});

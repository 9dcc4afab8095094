import { describe, expect, it } from "vitest";
import { rewardsHistoryCsvUrl } from "../../lib/api/rewards-history-query.ts";
import { historyPage } from "./history-page.ts";

const scope = {
  owner: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  network: "ethereum",
  environment: "devnet",
} as const;

describe("the reward screen's history page", () => {
  it("reads ten rows a page, newest first, of the type and range in the page address", () => {
    expect(
      historyPage({ type: "consensus", current: 3, from: "2026-11-01", to: undefined, currency: undefined }),
    ).toEqual({
      type: "consensus",
      from: "2026-11-01",
      to: undefined,
      order: "desc",
      page: "3",
      pageSize: "10",
    });
  });

  it("downloads the CSV of the same type and range, every page", () => {
    const url = new URL(
      rewardsHistoryCsvUrl(
        scope,
        historyPage({ type: "execution", current: 3, from: "2026-11-01", to: undefined, currency: undefined }),
      ),
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

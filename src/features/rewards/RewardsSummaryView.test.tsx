// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { setUpDomRoot } from "../../../tests/support/dom-root.tsx";
import type { RewardsSummary } from "../../core/api/rewards-summary.ts";
import { networks } from "../../generated/index.ts";
import { RewardsSummaryView } from "./RewardsSummaryView.tsx";

const dom = setUpDomRoot();
const ETH = 10n ** 18n;
const ready: RewardsSummary = {
  asOf: "2026-11-20",
  validatorCount: 2,
  stakedWei: 64n * ETH,
  depositedWei: 64n * ETH,
  withdrawnPrincipalWei: 0n,
  exitedPrincipalWei: 0n,
  totalWei: 64n * ETH + ETH / 5n,
  earnedWei: ETH / 5n,
  consensusRewardsWei: (ETH * 3n) / 20n,
  executionRewardsWei: ETH / 20n,
  dailyIncomeWei: ETH / 200n,
  weeklyIncomeWei: (ETH * 7n) / 200n,
  monthlyIncomeWei: (ETH * 3n) / 20n,
  averageApr: "2.85",
};

const KEY = ["rewards-summary"];

/** The view as react-query hands it a read: answered (`data`), or still waiting for the server (undefined). */
function Summary() {
  const summary = useQuery({ queryKey: KEY, queryFn: () => new Promise<RewardsSummary>(() => {}) });
  return <RewardsSummaryView network={networks.ethereum} summary={summary} />;
}

function show(data: RewardsSummary | undefined) {
  const client = new QueryClient();
  if (data) client.setQueryData(KEY, data);
  dom.render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Summary />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const section = () => dom.container().querySelector("section");
const figure = (field: string) => dom.container().querySelector(`[data-field="${field}"] dd`)?.textContent;

describe("rewards summary", () => {
  it("shows earned and average APR as the lead stat cards, then the other figures and the day they are from", () => {
    show(ready);
    const cards = [...dom.container().querySelectorAll(".ui-stat")];
    expect(cards.map((card) => card.getAttribute("data-field"))).toEqual([
      "earned",
      "apr",
      "consensus",
      "execution",
      "deposited",
      "total",
      "daily",
      "weekly",
      "monthly",
    ]);
    expect(cards.slice(0, 2).every((card) => card.classList.contains("ui-stat--lead"))).toBe(true);
    expect(figure("earned")).toBe("0.2 ETH");
    expect(figure("apr")).toBe("2.85%");
    expect(figure("total")).toBe("64.2 ETH");
    expect(section()?.textContent).toContain("As of 26-11-20, 2 validators.");
    expect(section()?.getAttribute("aria-busy")).toBe("false");
  });

  it("values the earnings in the chosen currency at each day's price, naming the source", () => {
    show({ ...ready, fiat: { currency: "usd", source: "CoinGecko", earned: "812.344999", unpricedDays: 0 } });
    expect(figure("earned")).toBe("0.2 ETH ≈ $812.34, each day at that day's price (CoinGecko)");
  });

  it("says which days had no price instead of valuing them at 0, and a figure under a cent as such", () => {
    show({ ...ready, fiat: { currency: "eur", source: "CoinGecko", earned: "0.004", unpricedDays: 2 } });
    expect(figure("earned")).toBe(
      "0.2 ETH ≈ <€0.01, each day at that day's price (CoinGecko); 2 days without a price are not counted",
    );
  });

  it("says there is not enough data yet rather than show an APR the server did not measure", () => {
    show({ ...ready, averageApr: null, dailyIncomeWei: 123_456_789_000_000n });
    expect(figure("apr")).toBe("Not enough data yet");
    // A small figure to 4 significant digits, at most 6 decimals.
    expect(figure("daily")).toBe("0.000123 ETH");
  });

  it("shows principal withdrawn and returned by exits as their own lines, and the total without them", () => {
    // 104 ETH deposited, 1 ETH principal withdrawn from a 0x02 validator, a 32 ETH validator exited.
    show({
      ...ready,
      depositedWei: 104n * ETH,
      withdrawnPrincipalWei: ETH,
      exitedPrincipalWei: 32n * ETH,
      stakedWei: 71n * ETH,
      totalWei: 71n * ETH + ETH / 5n,
    });
    expect(figure("deposited")).toBe("104 ETH");
    expect(figure("withdrawnPrincipal")).toBe("1 ETH");
    expect(figure("exited")).toBe("32 ETH");
    expect(figure("total")).toBe("71.2 ETH");
    const labels = [...dom.container().querySelectorAll(".ui-stat dt")].map((label) => label.textContent);
    expect(labels).toContain("Withdrawn principal");
    expect(labels).toContain("Exit");
    expect(section()?.textContent).toContain("Total = deposited − withdrawn principal − exits + earned.");
  });

  it("while loading shows skeleton cards and says it is busy", () => {
    show(undefined);
    expect(section()?.getAttribute("aria-busy")).toBe("true");
    expect(dom.container().querySelectorAll(".ui-stat .ui-skeleton")).toHaveLength(9);
    expect(figure("earned")).toBe("");
  });

  it("without recorded rewards says so and links to staking instead of showing zeros", () => {
    show({ ...ready, asOf: null, validatorCount: 0 });
    expect(dom.container().querySelector(".ui-stat")).toBeNull();
    expect(dom.container().querySelector(".ui-empty p")?.textContent).toBe(
      "No rewards are recorded for this address on Ethereum yet. They appear a day after its validators become active.",
    );
    const link = dom.container().querySelector(".ui-empty a");
    expect([link?.textContent, link?.getAttribute("href")]).toEqual(["Stake ETH", "/ethereum"]);
  });
});

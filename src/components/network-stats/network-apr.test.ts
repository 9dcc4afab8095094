import { describe, expect, it } from "vitest";
import { networkStatsResponse } from "../../core/api/network-stats.ts";
import { parseApiResponse } from "../../core/api/parse-api-response.ts";
import { pickNetworkApr } from "./network-apr.ts";

const answer = {
  networks: [
    {
      network: "ethereum",
      referenceApr: null,
      environments: [
        { environment: "mainnet", measuredApr: null, totalStakedWei: "0" },
        { environment: "devnet", measuredApr: "2.85", totalStakedWei: "64000000000000000000" },
      ],
    },
    { network: "avalanche", referenceApr: "7.5", environments: [] },
  ],
};
const stats = parseApiResponse(networkStatsResponse, answer, "GET /stats/networks");
const ethereum = { slug: "ethereum", staking: {} } as const;

describe("network stats", () => {
  it("prefers the measured APR, then the backend's reference, then config's, and says which it is", () => {
    expect(pickNetworkApr(stats, ethereum, "devnet")).toEqual({ apr: "2.85", source: "measured" });
    expect(pickNetworkApr(stats, ethereum, "mainnet")).toBeUndefined();
    expect(pickNetworkApr(stats, { slug: "avalanche", staking: { referenceApr: "6" } } as never, "mainnet")).toEqual({
      apr: "7.5",
      source: "reference",
    });
    // The backend cannot be reached: config's reference rate, or nothing.
    expect(pickNetworkApr(undefined, { slug: "avalanche", staking: { referenceApr: "6" } } as never, "x")).toEqual({
      apr: "6",
      source: "config",
    });
    expect(pickNetworkApr(undefined, ethereum as never, "devnet")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { UnexpectedApiResponseError } from "../api/unexpected-api-response-error.ts";
import { pickNetworkApr, readNetworkStats } from "./get-network-stats.ts";

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
const stats = readNetworkStats(answer, "GET /stats/networks");
const ethereum = { slug: "ethereum", staking: {} } as const;

describe("network stats", () => {
  it("parses the backend's answer and refuses another shape", () => {
    expect(stats).toEqual(answer);
    expect(() => readNetworkStats({ networks: [{ network: "x", referenceApr: 3 }] }, "GET /stats/networks")).toThrow(
      UnexpectedApiResponseError,
    );
    expect(() =>
      readNetworkStats(
        { networks: [{ network: "x", referenceApr: null, environments: [{ environment: "d", measuredApr: "high" }] }] },
        "GET /stats/networks",
      ),
    ).toThrow(/networks\.0\.environments\.0\.measuredApr/);
    expect(() =>
      readNetworkStats(
        {
          networks: [
            {
              network: "x",
              referenceApr: null,
              environments: [{ environment: "d", measuredApr: null, totalStakedWei: "-1" }],
            },
          ],
        },
        "GET /stats/networks",
      ),
    ).toThrow(/networks\.0\.environments\.0\.totalStakedWei/);
    expect(() => readNetworkStats("<html>", "GET /stats/networks")).toThrow(UnexpectedApiResponseError);
  });

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

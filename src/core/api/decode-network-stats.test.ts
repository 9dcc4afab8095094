import { describe, expect, it } from "vitest";
import { decodeNetworkStats } from "./decode-network-stats.ts";
import { networkStatsResponse } from "./network-stats.ts";
import { parseApiResponse } from "./parse-api-response.ts";

const valid = {
  networks: [
    {
      network: "ethereum",
      referenceApr: null,
      environments: [
        { environment: "mainnet", measuredApr: null, totalStakedWei: "0" },
        { environment: "devnet", measuredApr: "2.85", totalStakedWei: "64000000000000000000", extra: true },
      ],
      extra: "dropped",
    },
    { network: "avalanche", referenceApr: "-7.5", environments: [] },
  ],
};

/** Answers the contract refuses, each with the first problem the app must name. */
const refused: ReadonlyArray<readonly [string, unknown, string]> = [
  ["an HTML page", "<html>", "(root)"],
  ["no list", {}, "networks"],
  ["a network that is not an object", { networks: [1] }, "networks.0"],
  ["a missing name", { networks: [{ referenceApr: null, environments: [] }] }, "networks.0.network"],
  [
    "a worded reference rate",
    { networks: [{ network: "x", referenceApr: "high", environments: [] }] },
    "networks.0.referenceApr",
  ],
  [
    "a numeric reference rate",
    { networks: [{ network: "x", referenceApr: 3.4, environments: [] }] },
    "networks.0.referenceApr",
  ],
  [
    "environments not a list",
    { networks: [{ network: "x", referenceApr: null, environments: {} }] },
    "networks.0.environments",
  ],
  ...(
    [
      ["a worded measured rate", { environment: "d", measuredApr: "high", totalStakedWei: "0" }, "measuredApr"],
      ["a missing measured rate", { environment: "d", totalStakedWei: "0" }, "measuredApr"],
      ["a decimal amount", { environment: "d", measuredApr: null, totalStakedWei: "1.5" }, "totalStakedWei"],
      ["a numeric amount", { environment: "d", measuredApr: null, totalStakedWei: 32 }, "totalStakedWei"],
      ["a numeric environment", { environment: 1, measuredApr: null, totalStakedWei: "0" }, "environment"],
    ] as const
  ).map(
    ([name, environment, field]) =>
      [
        name,
        { networks: [{ network: "x", referenceApr: null, environments: [environment] }] },
        `networks.0.environments.0.${field}`,
      ] as const,
  ),
];

const unexpected = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    return (error as { details?: string }).details ?? String(error);
  }
  return "accepted";
};

describe("the home page's read of GET /stats/networks", () => {
  it("decodes an answer exactly as the zod contract does: amounts as bigint, unknown keys dropped", () => {
    const decoded = decodeNetworkStats(valid, "GET /stats/networks");
    expect(decoded).toEqual(parseApiResponse(networkStatsResponse, valid, "GET /stats/networks"));
    expect(decoded.networks[0]?.environments[1]).toEqual({
      environment: "devnet",
      measuredApr: "2.85",
      totalStakedWei: 64_000_000_000_000_000_000n,
    });
    expect(decoded.networks[0]).not.toHaveProperty("extra");
  });

  it.each(refused)("refuses %s where the contract does, naming the same field", (_name, answer, field) => {
    const ours = unexpected(() => decodeNetworkStats(answer, "GET /stats/networks"));
    const contract = unexpected(() => parseApiResponse(networkStatsResponse, answer, "GET /stats/networks"));
    expect(ours.startsWith(`GET /stats/networks: ${field} `), ours).toBe(true);
    expect(contract.startsWith(`GET /stats/networks: ${field} `), contract).toBe(true);
  });

  it("names the contract's own words for a rate and an amount", () => {
    const answer = (measuredApr: unknown, totalStakedWei: unknown) => ({
      networks: [
        { network: "x", referenceApr: null, environments: [{ environment: "d", measuredApr, totalStakedWei }] },
      ],
    });
    expect(unexpected(() => decodeNetworkStats(answer("high", "0"), "GET /stats/networks"))).toBe(
      "GET /stats/networks: networks.0.environments.0.measuredApr expected a percentage like 3.42",
    );
    expect(unexpected(() => decodeNetworkStats(answer(null, "-"), "GET /stats/networks"))).toBe(
      "GET /stats/networks: networks.0.environments.0.totalStakedWei expected a whole number of base units as a decimal string",
    );
  });
});

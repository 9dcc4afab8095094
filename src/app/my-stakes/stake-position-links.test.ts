import { describe, expect, it } from "vitest";
import { stakePositionLinks } from "./stake-position-links.ts";

describe("stakePositionLinks", () => {
  it("leads validators to the validator screen and a pool stake (1.5 CFX) to the part's dashboard, for the build's kind only", () => {
    const answer = {
      positions: [
        { network: "ethereum", subNetwork: null, environment: "devnet", kind: "validators" as const, count: 2 },
        { network: "ethereum", subNetwork: null, environment: "hoodi", kind: "validators" as const, count: 5 },
        { network: "ethereum", subNetwork: null, environment: "devnet", kind: "ssv-validators" as const, count: 1 },
        {
          network: "conflux",
          subNetwork: "espace",
          environment: "devnet",
          kind: "pool-stake" as const,
          amountWei: "1500000000000000000",
        },
        { network: "nowhere", subNetwork: null, environment: "devnet", kind: "validators" as const, count: 1 },
      ],
      unreadable: [{ network: "conflux", subNetwork: "espace", environment: "mainnet" }],
    };
    expect(stakePositionLinks(answer, "devnet")).toEqual({
      links: [
        { to: "/ethereum/validator", key: "nav.myStakes.validators", values: { name: "Ethereum", count: 2 } },
        { to: "/ethereum/validator", key: "nav.myStakes.ssvValidators", values: { name: "Ethereum", count: 1 } },
        {
          to: "/conflux/espace/dashboard",
          key: "nav.myStakes.poolStake",
          values: { name: "Conflux eSpace" },
          amount: { units: 1_500_000_000_000_000_000n, decimals: 18, symbol: "CFX" },
        },
      ],
      unreadable: [],
    });
    expect(stakePositionLinks(answer, "mainnet")).toEqual({ links: [], unreadable: ["Conflux eSpace"] });
  });
});

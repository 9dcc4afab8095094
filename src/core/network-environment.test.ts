import { describe, expect, it } from "vitest";
import { networks } from "../generated/index.ts";
import { environmentChain } from "./network-environment.ts";

describe("environmentChain", () => {
  it("is the environment's chain with the network's coin, and chain 0 without an environment", () => {
    const ethereum = networks.ethereum;
    const hoodi = ethereum.environments?.find((environment) => environment.id === "hoodi");
    if (!hoodi) throw new Error("ethereum has a hoodi environment in config");
    expect(environmentChain(ethereum, hoodi)).toEqual({ id: hoodi.chainId, name: hoodi.name, symbol: "ETH" });
    expect(environmentChain(ethereum, undefined)).toEqual({ id: 0, name: ethereum.name, symbol: "ETH" });
  });
});

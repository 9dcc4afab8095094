import { parseEther } from "viem";
import { describe, expect, it } from "vitest";
import { networks } from "../generated/index.ts";
import { stakeOffering } from "./stake-offering.ts";

describe("stakeOffering", () => {
  it("takes the devnet's chain, fork version, batch staking contract and amounts from config", () => {
    const devnet = networks.ethereum.environments.find((environment) => environment.kind === "devnet");
    expect(stakeOffering(networks.ethereum, "devnet")).toMatchObject({
      chain: { id: devnet?.chainId, name: devnet?.name, symbol: "ETH" },
      environment: { id: "devnet", genesisForkVersion: devnet?.genesisForkVersion },
      contract: devnet?.contracts?.ethStaking,
      minimumWei: parseEther(networks.ethereum.staking.minimum ?? ""),
      maximumWei: parseEther(networks.ethereum.staking.maximum ?? ""),
      perValidatorWei: parseEther(networks.ethereum.staking.perValidator ?? ""),
    });
  });

  it("offers nothing where config has no batch staking contract (Hoodi and mainnet until configured)", () => {
    const withContract = (kind: string) =>
      networks.ethereum.environments.find((environment) => environment.kind === kind)?.contracts?.ethStaking;
    for (const kind of ["mainnet", "testnet"]) {
      if (!withContract(kind)) expect(stakeOffering(networks.ethereum, kind)).toBeUndefined();
    }
    expect(stakeOffering(networks.avalanche, "devnet")).toBeUndefined();
  });
});

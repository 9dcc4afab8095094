import { type Address, getContractAddress, parseEther, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ethStakingAbi, rewardsClaimAbi, rewardsClaimBytecode } from "../generated/index.ts";
import { startTestChain, type TestChain } from "../test/test-chain.ts";
import { DeploymentError, deployOne } from "./deploy-contract.ts";
import { deployEthereumContracts, deployPoolContracts } from "./deploy-contracts.ts";

let chain: TestChain;
let deployer: Address;
let owner: Address;

beforeAll(async () => {
  chain = await startTestChain(560048);
  [deployer, owner] = chain.accounts as [Address, Address];
});

afterAll(async () => {
  await chain?.anvil.stop();
});

const nonce = () => chain.client.getTransactionCount({ address: deployer });
const pool = {
  owner: "0x000000000000000000000000000000000000dEaD" as Address,
  voteUnit: parseEther("1000"),
  lockPeriod: 600,
  aprBasisPoints: 1000,
  poolName: "Pool",
} as const;

async function refusal(deploy: Promise<unknown>): Promise<string> {
  const error = await deploy.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeploymentError);
  return (error as DeploymentError).message;
}

describe("contract deployment", () => {
  it("deploys the staking and claim contracts at the deployer's next two CREATE addresses, owned as asked", async () => {
    const start = BigInt(await nonce());
    const deployed = await deployEthereumContracts(chain.client, deployer, {
      owner,
      feePerValidator: parseEther("0.05"),
    });
    expect(deployed.ethStaking.address).toBe(getContractAddress({ from: deployer, nonce: start }));
    expect(deployed.rewardsClaim.address).toBe(getContractAddress({ from: deployer, nonce: start + 1n }));
    for (const { gasUsed } of [deployed.ethStaking, deployed.rewardsClaim]) expect(gasUsed).toBeGreaterThan(21_000n);
    const staking = { address: deployed.ethStaking.address, abi: ethStakingAbi } as const;
    expect(await chain.client.readContract({ ...staking, functionName: "owner" })).toBe(owner);
    expect(await chain.client.readContract({ ...staking, functionName: "feePerValidator" })).toBe(parseEther("0.05"));
    const claim = { address: deployed.rewardsClaim.address, abi: rewardsClaimAbi } as const;
    expect(await chain.client.readContract({ ...claim, functionName: "owner" })).toBe(owner);
  });

  it("names the constructor's refusal and sends nothing when the owner is the zero address", async () => {
    const before = await nonce();
    expect(
      await refusal(deployEthereumContracts(chain.client, deployer, { owner: zeroAddress, feePerValidator: 0n })),
    ).toBe(
      "deploying EthStaking: its constructor refused the arguments with InvalidOwner(0x0000000000000000000000000000000000000000)",
    );
    expect(await refusal(deployPoolContracts(chain.client, deployer, { ...pool, owner: zeroAddress }))).toBe(
      "deploying DelegationPool: its constructor refused the arguments with InvalidOwner(0x0000000000000000000000000000000000000000)",
    );
    expect(await nonce()).toBe(before);
  });

  it("names the constructor's refusal of a pool whose vote is worth zero", async () => {
    expect(await refusal(deployPoolContracts(chain.client, deployer, { ...pool, voteUnit: 0n }))).toBe(
      "deploying DelegationPool: its constructor refused the arguments with ZeroVoteUnit()",
    );
  });

  it("does not count a deployment whose address holds other code than the compiled contract", async () => {
    const message = await refusal(
      deployOne(chain.client, deployer, {
        name: "RewardsClaim",
        abi: rewardsClaimAbi,
        bytecode: rewardsClaimBytecode,
        deployedBytecode: "0x6000",
        args: [owner],
      }),
    );
    expect(message).toMatch(
      /^deploying RewardsClaim: 0x[0-9a-fA-F]{40} does not hold the compiled runtime bytecode after transaction 0x[0-9a-f]{64}$/,
    );
  });
});

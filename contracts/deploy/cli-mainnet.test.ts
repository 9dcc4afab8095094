import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Address, getContractAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeProject } from "../../codegen/fixtures/project.ts";
import { ethStakingAbi, rewardsClaimAbi } from "../generated/index.ts";
import type { TestChain } from "../test/test-chain.ts";
import {
  codegenProblems,
  fundedDeployer,
  projectCopy,
  startChainWithDepositContract,
} from "./testing/hoodi-fixture.ts";
import { runDeployCli } from "./testing/run-deploy-cli.ts";

const OWNER: Address = "0x000000000000000000000000000000000000dEaD";

let chain: TestChain;
let project: { root: string; networks: string };

beforeAll(async () => {
  chain = await startChainWithDepositContract(1);
  project = projectCopy();
});

afterAll(async () => {
  await chain?.anvil.stop();
  if (project) removeProject(project.root);
});

describe("npm run deploy for Ethereum mainnet (chain id 1)", () => {
  it("deploys for the owner given with --owner and records the addresses in the mainnet environment only", async () => {
    const deployer = await fundedDeployer(chain, "1");
    const run = await runDeployCli(
      [
        "--network",
        "ethereum",
        "--environment",
        "mainnet",
        "--rpc-url",
        chain.anvil.rpcUrl,
        "--owner",
        OWNER,
        "--networks-dir",
        project.networks,
      ],
      { DEPLOYER_PRIVATE_KEY: deployer.key },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const ethStaking = getContractAddress({ from: deployer.address, nonce: 0n });
    const claim = getContractAddress({ from: deployer.address, nonce: 1n });
    const file = JSON.parse(readFileSync(join(project.networks, "ethereum.json"), "utf8")) as {
      environments: { id: string; contracts: Record<string, string> }[];
    };
    const contracts = Object.fromEntries(file.environments.map(({ id, contracts }) => [id, contracts]));
    expect(contracts.mainnet?.ethStaking).toBe(ethStaking);
    expect(contracts.mainnet?.claim).toBe(claim);
    expect(contracts.hoodi?.ethStaking).toBeUndefined();
    expect(contracts.devnet?.ethStaking).toBe("0x3782678571748869698906D55a2893915C5Fc15c");
    expect(await chain.client.readContract({ address: ethStaking, abi: ethStakingAbi, functionName: "owner" })).toBe(
      OWNER,
    );
    expect(await chain.client.readContract({ address: claim, abi: rewardsClaimAbi, functionName: "owner" })).toBe(
      OWNER,
    );
    expect(await codegenProblems(project.root)).toEqual([]);
  });
});

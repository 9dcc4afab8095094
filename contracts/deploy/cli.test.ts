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

const HOODI_CONTRACTS_END = `"consolidation": "0x0000BBdDc7CE488642fb579F8B00f3a590007251"
      }
    },
    {
      "id": "devnet",`;

let chain: TestChain;
let deployer: { key: `0x${string}`; address: Address };
let project: { root: string; networks: string };
const roots: string[] = [];

beforeAll(async () => {
  chain = await startChainWithDepositContract(560048);
  deployer = await fundedDeployer(chain, "10");
  project = projectCopy({
    file: "ethereum.json",
    from: `"perValidator": "32",`,
    to: `"perValidator": "32",\n    "serviceFee": "0.05",`,
  });
  roots.push(project.root);
});

afterAll(async () => {
  await chain?.anvil.stop();
  roots.forEach(removeProject);
});

const hoodi = () => [
  "--network",
  "ethereum",
  "--environment",
  "testnet",
  "--rpc-url",
  chain.anvil.rpcUrl,
  "--networks-dir",
  project.networks,
];
const file = () => join(project.networks, "ethereum.json");
const nonce = () => chain.client.getTransactionCount({ address: deployer.address });

function expectNoKey(run: { stdout: string; stderr: string }) {
  for (const output of [run.stdout, run.stderr]) {
    expect(output).not.toContain(deployer.key.slice(2));
    expect(output.toLowerCase()).not.toContain(deployer.key.slice(2).toLowerCase());
  }
}

describe("npm run deploy on a chain started as Hoodi", () => {
  it("--help lists every option and names the key variable", async () => {
    const run = await runDeployCli(["--help"]);
    expect(run.code).toBe(0);
    for (const option of [
      "--network",
      "--environment",
      "--rpc-url",
      "--owner",
      "--dry-run",
      "--safe",
      "--networks-dir",
    ]) {
      expect(run.stdout).toContain(option);
    }
    expect(run.stdout).toContain("DEPLOYER_PRIVATE_KEY");
  });

  it("--dry-run prints each contract, its arguments, gas and fee, and sends and writes nothing", async () => {
    const before = readFileSync(file(), "utf8");
    const run = await runDeployCli([...hoodi(), "--dry-run"], { DEPLOYER_PRIVATE_KEY: deployer.key });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("EthStaking (contracts.ethStaking)");
    expect(run.stdout).toContain(`owner ${deployer.address}`);
    expect(run.stdout).toContain("feePerValidator 0.05 ETH (50000000000000000 wei)");
    expect(run.stdout).toContain("RewardsClaim (contracts.claim)");
    expect(run.stdout).toMatch(/gas \d{6,}, fee up to 0\.\d+ ETH/);
    expect(run.stdout).toMatch(/total fee up to 0\.\d+ ETH at [\d.]+ gwei per gas/);
    expect(run.stdout).toContain("dry run: nothing sent");
    expect(await nonce()).toBe(0);
    expect(readFileSync(file(), "utf8")).toBe(before);
    expectNoKey(run);
  });

  it("deploys both contracts, reads them back and writes only their two lines into the Hoodi environment", async () => {
    const before = readFileSync(file(), "utf8");
    const run = await runDeployCli(hoodi(), { DEPLOYER_PRIVATE_KEY: deployer.key });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const ethStaking = getContractAddress({ from: deployer.address, nonce: 0n });
    const claim = getContractAddress({ from: deployer.address, nonce: 1n });
    expect(run.stdout).toContain(`EthStaking deployed at ${ethStaking}`);
    expect(run.stdout).toContain(`RewardsClaim deployed at ${claim}`);
    const after = readFileSync(file(), "utf8");
    expect(after).toBe(
      before.replace(
        HOODI_CONTRACTS_END,
        HOODI_CONTRACTS_END.replace(
          `0x0000BBdDc7CE488642fb579F8B00f3a590007251"`,
          `0x0000BBdDc7CE488642fb579F8B00f3a590007251",\n        "ethStaking": "${ethStaking}",\n        "claim": "${claim}"`,
        ),
      ),
    );
    expect(after.endsWith("}\n")).toBe(true);
    const read = (address: Address, abi: typeof ethStakingAbi | typeof rewardsClaimAbi, functionName: "owner") =>
      chain.client.readContract({ address, abi, functionName });
    expect(await read(ethStaking, ethStakingAbi, "owner")).toBe(deployer.address);
    expect(await read(claim, rewardsClaimAbi, "owner")).toBe(deployer.address);
    expect(
      await chain.client.readContract({ address: ethStaking, abi: ethStakingAbi, functionName: "feePerValidator" }),
    ).toBe(50_000_000_000_000_000n);
    expect(await codegenProblems(project.root)).toEqual([]);
    expectNoKey(run);
  });

  it("a second run finds the contracts, sends nothing and leaves the file as it is", async () => {
    const before = readFileSync(file(), "utf8");
    const run = await runDeployCli(hoodi(), { DEPLOYER_PRIVATE_KEY: deployer.key });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("EthStaking already at");
    expect(run.stdout).toContain("RewardsClaim already at");
    expect(run.stdout).toContain("nothing to do");
    expect(await nonce()).toBe(2);
    expect(readFileSync(file(), "utf8")).toBe(before);
  });

  it("refuses to adopt the file's contracts for another owner, naming both owners", async () => {
    const other = "0x000000000000000000000000000000000000dEaD";
    const run = await runDeployCli([...hoodi(), "--owner", other], { DEPLOYER_PRIVATE_KEY: deployer.key });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`owned by ${deployer.address}, not by ${other} as asked`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await nonce()).toBe(2);
  });
});

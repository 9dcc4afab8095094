import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Address, getContractAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeProject } from "../../codegen/fixtures/project.ts";
import { delegationPoolAbi } from "../generated/index.ts";
import { startTestChain, type TestChain } from "../test/test-chain.ts";
import { codegenProblems, fundedDeployer, projectCopy } from "./testing/hoodi-fixture.ts";
import { runDeployCli } from "./testing/run-deploy-cli.ts";

const TESTNET_END = `"execution": { "name": "ConfluxScan", "url": "https://evmtestnet.confluxscan.org" }
          }
        },`;

let chain: TestChain;
let deployer: { key: `0x${string}`; address: Address };
let project: { root: string; networks: string };

beforeAll(async () => {
  chain = await startTestChain(71);
  deployer = await fundedDeployer(chain, "10");
  project = projectCopy();
});

afterAll(async () => {
  await chain?.anvil.stop();
  if (project) removeProject(project.root);
});

const args = () => [
  "--network",
  "conflux",
  "--environment",
  "testnet",
  "--rpc-url",
  chain.anvil.rpcUrl,
  "--networks-dir",
  project.networks,
];
const file = () => join(project.networks, "conflux.json");

describe("npm run deploy for the Conflux eSpace testnet pool (chain id 71)", () => {
  it("deploys the pool with 1000 CFX votes and adds a contracts block to the environment", async () => {
    const before = readFileSync(file(), "utf8");
    const run = await runDeployCli(args(), { DEPLOYER_PRIVATE_KEY: deployer.key });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const pool = getContractAddress({ from: deployer.address, nonce: 0n });
    expect(run.stdout).toContain("voteUnit 1000 CFX (1000000000000000000000 wei)");
    expect(run.stdout).toContain(`DelegationPool deployed at ${pool}`);
    const after = readFileSync(file(), "utf8");
    expect(after).toBe(
      before.replace(
        TESTNET_END,
        TESTNET_END.replace(
          "}\n        },",
          `},\n          "contracts": {\n            "stakingPool": "${pool}"\n          }\n        },`,
        ),
      ),
    );
    const contract = { address: pool, abi: delegationPoolAbi } as const;
    expect(await chain.client.readContract({ ...contract, functionName: "owner" })).toBe(deployer.address);
    expect(await chain.client.readContract({ ...contract, functionName: "voteUnit" })).toBe(
      1_000_000_000_000_000_000_000n,
    );
    expect(await chain.client.readContract({ ...contract, functionName: "_poolLockPeriod" })).toBe(600n);
    expect(await chain.client.readContract({ ...contract, functionName: "poolAPY" })).toBe(1000);
    expect(await chain.client.readContract({ ...contract, functionName: "poolName" })).toBe("Conflux eSpace PoS Pool");
    expect(await codegenProblems(project.root)).toEqual([]);
    // The written file is already as the project's formatter leaves it.
    const root = join(import.meta.dirname, "..", "..");
    const biome = join(root, "node_modules", ".bin", "biome");
    const formatted = execFileSync(biome, ["format", "--stdin-file-path=networks/conflux.json"], {
      cwd: root,
      input: after,
    });
    expect(formatted.toString()).toBe(after);
  });

  it("a second run finds the pool and changes nothing", async () => {
    const before = readFileSync(file(), "utf8");
    const run = await runDeployCli(args(), { DEPLOYER_PRIVATE_KEY: deployer.key });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("DelegationPool already at");
    expect(run.stdout).toContain("nothing to do");
    expect(readFileSync(file(), "utf8")).toBe(before);
    expect(await chain.client.getTransactionCount({ address: deployer.address })).toBe(1);
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Address, decodeFunctionData, getAddress, type Hex, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeProject } from "../../codegen/fixtures/project.ts";
import { compileContracts } from "../build/compile-contracts.ts";
import { ethStakingAbi, ethStakingBytecode, rewardsClaimAbi, rewardsClaimBytecode } from "../generated/index.ts";
import type { TestChain } from "../test/test-chain.ts";
import { createCallAbi } from "./safe-batch.ts";
import { codegenProblems, projectCopy, startChainWithDepositContract } from "./testing/hoodi-fixture.ts";
import { runDeployCli } from "./testing/run-deploy-cli.ts";

/** Safe's CreateCall v1.4.1 address, where a stand-in with the same performCreate2 is installed. */
const CREATE_CALL: Address = "0x9b35Af71d77eaf8d7e40252370304687390A1A52";
const SAFE: Address = getAddress("0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe");
const CREATE_CALL_STAND_IN = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract CreateCallStandIn {
    event ContractCreation(address indexed newContract);

    function performCreate2(uint256 value, bytes memory deploymentData, bytes32 salt) public returns (address newContract) {
        assembly {
            newContract := create2(value, add(0x20, deploymentData), mload(deploymentData), salt)
        }
        require(newContract != address(0), "Could not deploy contract");
        emit ContractCreation(newContract);
    }
}
`;

interface Batch {
  version: string;
  chainId: string;
  createdAt: number;
  meta: { name: string; createdFromSafeAddress: string };
  transactions: { to: Address; value: string; data: Hex }[];
}

let chain: TestChain;
let project: { root: string; networks: string };
let workDir: string;

beforeAll(async () => {
  chain = await startChainWithDepositContract(560048);
  workDir = mkdtempSync(join(tmpdir(), "deploy-safe-"));
  writeFileSync(join(workDir, "CreateCallStandIn.sol"), CREATE_CALL_STAND_IN);
  const compiled = compileContracts(workDir);
  expect(compiled.errors).toEqual([]);
  await chain.client.setCode({ address: CREATE_CALL, bytecode: compiled.contracts[0]?.deployedBytecode ?? "0x" });
  project = projectCopy();
});

afterAll(async () => {
  await chain?.anvil.stop();
  if (project) removeProject(project.root);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const batchFile = () => join(workDir, "deploy-hoodi.json");
const networkFile = () => join(project.networks, "ethereum.json");
const args = () => [
  "--network",
  "ethereum",
  "--environment",
  "hoodi",
  "--rpc-url",
  chain.anvil.rpcUrl,
  "--networks-dir",
  project.networks,
  "--owner",
  SAFE,
  "--safe",
  batchFile(),
];

describe("npm run deploy --safe for a multisig deployer", () => {
  it("writes a Transaction Builder batch creating both contracts through CreateCall, sends nothing, needs no key", async () => {
    const before = readFileSync(networkFile(), "utf8");
    const block = await chain.client.getBlockNumber();
    const run = await runDeployCli(args());
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const batch = JSON.parse(readFileSync(batchFile(), "utf8")) as Batch;
    expect(batch.version).toBe("1.0");
    expect(batch.chainId).toBe("560048");
    expect(batch.createdAt).toBeGreaterThan(0);
    expect(batch.meta.createdFromSafeAddress).toBe(SAFE);
    expect(batch.transactions.map(({ to, value }) => ({ to, value }))).toEqual([
      { to: CREATE_CALL, value: "0" },
      { to: CREATE_CALL, value: "0" },
    ]);
    const calls = batch.transactions.map(({ data }) => decodeFunctionData({ abi: createCallAbi, data }));
    expect(calls.map((call) => call.functionName)).toEqual(["performCreate2", "performCreate2"]);
    const initCodes = calls.map((call) => String(call.args[1]));
    expect(initCodes[0]?.startsWith(ethStakingBytecode)).toBe(true);
    expect(initCodes[1]?.startsWith(rewardsClaimBytecode)).toBe(true);
    expect(readFileSync(networkFile(), "utf8")).toBe(before);
    expect(await chain.client.getBlockNumber()).toBe(block);
  });

  it("after the Safe executed the batch, a run records the contracts it created, owned by the Safe", async () => {
    const batch = JSON.parse(readFileSync(batchFile(), "utf8")) as Batch;
    await chain.client.setBalance({ address: SAFE, value: parseEther("1") });
    await chain.client.impersonateAccount({ address: SAFE });
    for (const { to, data } of batch.transactions) {
      const hash = await chain.client.sendTransaction({ account: SAFE, chain: null, to, data });
      expect((await chain.client.waitForTransactionReceipt({ hash })).status).toBe("success");
    }
    await chain.client.stopImpersonatingAccount({ address: SAFE });
    const run = await runDeployCli(args());
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const contracts = (
      JSON.parse(readFileSync(networkFile(), "utf8")) as {
        environments: { id: string; contracts: Record<string, Address> }[];
      }
    ).environments.find((environment) => environment.id === "hoodi")?.contracts;
    const ethStaking = contracts?.ethStaking as Address;
    const claim = contracts?.claim as Address;
    expect(run.stdout).toContain(`EthStaking found at ${ethStaking}`);
    expect(run.stdout).toContain(`RewardsClaim found at ${claim}`);
    expect(await chain.client.readContract({ address: ethStaking, abi: ethStakingAbi, functionName: "owner" })).toBe(
      SAFE,
    );
    expect(await chain.client.readContract({ address: claim, abi: rewardsClaimAbi, functionName: "owner" })).toBe(SAFE);
    expect(await codegenProblems(project.root)).toEqual([]);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Address, getContractAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeProject } from "../../codegen/fixtures/project.ts";
import { depositContractDeployedBytecode } from "../generated/index.ts";
import type { TestChain } from "../test/test-chain.ts";
import {
  DEPOSIT_CONTRACT,
  fundedDeployer,
  projectCopy,
  startChainWithDepositContract,
} from "./testing/hoodi-fixture.ts";
import { type CliRun, runDeployCli } from "./testing/run-deploy-cli.ts";

const OTHER = "0x1111111111111111111111111111111111111111";

let chain: TestChain;
let project: { root: string; networks: string };
let named: { root: string; networks: string };
let deployer: { key: `0x${string}`; address: Address };

beforeAll(async () => {
  chain = await startChainWithDepositContract(560048);
  deployer = await fundedDeployer(chain, "10");
  project = projectCopy();
  named = projectCopy({
    file: "ethereum.json",
    from: `"deposit": "0x00000000219ab540356cBB839Cbe05303d7705Fa",\n        "withdrawal"`,
    to: `"deposit": "0x00000000219ab540356cBB839Cbe05303d7705Fa",\n        "ethStaking": "${OTHER}",\n        "withdrawal"`,
  });
});

afterAll(async () => {
  await chain?.anvil.stop();
  for (const copy of [project, named]) if (copy) removeProject(copy.root);
});

const args = (environment = "testnet", networks = project.networks, rpcUrl = chain.anvil.rpcUrl) => [
  "--network",
  "ethereum",
  "--environment",
  environment,
  "--rpc-url",
  rpcUrl,
  "--networks-dir",
  networks,
];

/** A refusal: exit code 1, one `deploy:` line on stderr, no stack trace, no key, nothing sent. */
function expectRefusal(run: CliRun, key?: string): string {
  expect(run.code).toBe(1);
  expect(run.stderr.startsWith("deploy: ")).toBe(true);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  if (key) expect(`${run.stdout}${run.stderr}`.toLowerCase()).not.toContain(key.slice(2).toLowerCase());
  return run.stderr;
}

describe("npm run deploy refuses", () => {
  it("a chain whose id is not the environment's, naming both ids", async () => {
    const run = await runDeployCli(args("mainnet"), { DEPLOYER_PRIVATE_KEY: deployer.key });
    const message = expectRefusal(run, deployer.key);
    expect(message).toContain("wrong chain");
    expect(message).toContain("serves chain id 560048");
    expect(message).toContain("environment mainnet (Ethereum) is chain id 1");
  });

  it("a chain without the canonical deposit contract", async () => {
    await chain.client.setCode({ address: DEPOSIT_CONTRACT, bytecode: "0x" });
    try {
      const run = await runDeployCli(args(), { DEPLOYER_PRIVATE_KEY: deployer.key });
      const message = expectRefusal(run, deployer.key);
      expect(message).toContain(`no deposit contract: chain 560048 has no code at ${DEPOSIT_CONTRACT}`);
    } finally {
      await chain.client.setCode({ address: DEPOSIT_CONTRACT, bytecode: depositContractDeployedBytecode });
    }
    expect(await chain.client.getTransactionCount({ address: deployer.address })).toBe(0);
  });

  it("a deployer without funds, with what is needed and what is there", async () => {
    const poor = await fundedDeployer(chain, "0");
    const run = await runDeployCli(args(), { DEPLOYER_PRIVATE_KEY: poor.key });
    const message = expectRefusal(run, poor.key);
    expect(message).toMatch(
      new RegExp(`no funds: deployer ${poor.address} has 0 ETH, the deployment needs up to 0\\.\\d+ ETH`),
    );
    expect(await chain.client.getTransactionCount({ address: poor.address })).toBe(0);
  });

  it("a file that already names another address for a contract, naming the field and both addresses", async () => {
    const before = readFileSync(join(named.networks, "ethereum.json"), "utf8");
    const run = await runDeployCli(args("testnet", named.networks), { DEPLOYER_PRIVATE_KEY: deployer.key });
    const message = expectRefusal(run, deployer.key);
    expect(message).toContain(`contracts.ethStaking = ${OTHER}, which holds no code on chain 560048`);
    expect(message).toContain(`would put EthStaking at ${getContractAddress({ from: deployer.address, nonce: 0n })}`);
    expect(readFileSync(join(named.networks, "ethereum.json"), "utf8")).toBe(before);
    expect(await chain.client.getTransactionCount({ address: deployer.address })).toBe(0);
  });

  it("an owner the constructor refuses, by the contract's own error, before sending", async () => {
    const run = await runDeployCli([...args(), "--owner", "0x0000000000000000000000000000000000000000"], {
      DEPLOYER_PRIVATE_KEY: deployer.key,
    });
    expect(expectRefusal(run, deployer.key)).toContain(
      "EthStaking: the creation would fail with InvalidOwner(0x0000000000000000000000000000000000000000); nothing was sent",
    );
    expect(await chain.client.getTransactionCount({ address: deployer.address })).toBe(0);
  });

  it("an unknown network or environment, listing what exists", async () => {
    const network = await runDeployCli(
      [
        "--network",
        "etherium",
        "--environment",
        "testnet",
        "--rpc-url",
        chain.anvil.rpcUrl,
        "--networks-dir",
        project.networks,
      ],
      { DEPLOYER_PRIVATE_KEY: deployer.key },
    );
    expect(expectRefusal(network)).toContain('unknown network "etherium"');
    expect(network.stderr).toContain("networks with contracts to deploy: conflux, ethereum");
    const environment = await runDeployCli(args("sepolia"), { DEPLOYER_PRIVATE_KEY: deployer.key });
    expect(expectRefusal(environment)).toContain(
      'no environment "sepolia" in Ethereum; expected one of: mainnet (mainnet), hoodi (testnet), devnet (devnet)',
    );
  });

  it("a URL that is not http(s), without echoing it", async () => {
    const run = await runDeployCli(args("testnet", project.networks, "ftp://user:secret@example.org/x"), {
      DEPLOYER_PRIVATE_KEY: deployer.key,
    });
    expect(expectRefusal(run)).toContain("--rpc-url must be an http:// or https:// URL, got a ftp: URL");
    expect(run.stderr).not.toContain("secret");
  });

  it("a missing key, and a key given as a flag, pointing at DEPLOYER_PRIVATE_KEY", async () => {
    const missing = await runDeployCli(args());
    expect(expectRefusal(missing)).toContain("DEPLOYER_PRIVATE_KEY is not set");
    const flag = await runDeployCli([...args(), "--private-key", deployer.key]);
    const message = expectRefusal(flag, deployer.key);
    expect(message).toContain("--private-key is not accepted");
    expect(message).toContain("DEPLOYER_PRIVATE_KEY environment variable");
    const malformed = await runDeployCli(args(), { DEPLOYER_PRIVATE_KEY: "0x1234" });
    expect(expectRefusal(malformed)).toContain(
      "DEPLOYER_PRIVATE_KEY is not a private key: expected 0x followed by 64 hex digits",
    );
    expect(malformed.stderr).not.toContain("0x1234");
  });

  it("an RPC that does not answer, showing its host but not its path", async () => {
    const run = await runDeployCli(args("testnet", project.networks, "http://127.0.0.1:9/v3/secret-api-key"), {
      DEPLOYER_PRIVATE_KEY: deployer.key,
    });
    expect(expectRefusal(run)).toContain("the RPC at http://127.0.0.1:9/… failed to give its chain id");
    expect(run.stderr).not.toContain("secret-api-key");
  });
});

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Address, type Hex, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { makeProject } from "../../../codegen/fixtures/project.ts";
import { generate } from "../../../codegen/generate.ts";
import { projectLayout } from "../../../codegen/load-sources.ts";
import type { Problem } from "../../../codegen/problem.ts";
import { depositContractDeployedBytecode } from "../../generated/index.ts";
import { startTestChain, type TestChain } from "../../test/test-chain.ts";

/** The canonical deposit contract address on mainnet and Hoodi. */
export const DEPOSIT_CONTRACT: Address = "0x00000000219ab540356cBB839Cbe05303d7705Fa";

/** anvil started as `chainId` (Hoodi: 560048), with the deposit contract installed at its canonical address. */
export async function startChainWithDepositContract(chainId: number): Promise<TestChain> {
  const chain = await startTestChain(chainId);
  await chain.client.setCode({ address: DEPOSIT_CONTRACT, bytecode: depositContractDeployedBytecode });
  return chain;
}

/** A fresh deployer key funded with `ether` on the chain. */
export async function fundedDeployer(chain: TestChain, ether: string): Promise<{ key: Hex; address: Address }> {
  const key = generatePrivateKey();
  const { address } = privateKeyToAccount(key);
  await chain.client.setBalance({ address, value: parseEther(ether) });
  return { key, address };
}

/** A throwaway copy of networks/, schemas/ and locales/; `edit` may change a network file's text first. */
export function projectCopy(edit?: { file: string; from: string; to: string }): { root: string; networks: string } {
  const root = makeProject();
  const networks = join(root, "networks");
  if (edit) {
    const path = join(networks, edit.file);
    const text = readFileSync(path, "utf8");
    if (!text.includes(edit.from)) throw new Error(`fixture: ${edit.file} has no ${edit.from}`);
    writeFileSync(path, text.replace(edit.from, edit.to));
  }
  return { root, networks };
}

/** What `npm run codegen` finds wrong in the copy (an empty list: codegen:check would pass on it). */
export async function codegenProblems(root: string): Promise<readonly Problem[]> {
  return (await generate(projectLayout(root))).problems;
}

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import solc from "solc";

/** What the devnet and viem need from one compiled contract. */
export interface CompiledContract {
  readonly name: string;
  readonly sourceFile: string;
  /** ABI as solc emits it (JSON). */
  readonly abi: readonly unknown[];
  readonly bytecode: `0x${string}`;
  readonly deployedBytecode: `0x${string}`;
}

export interface CompileResult {
  readonly solcVersion: string;
  readonly contracts: readonly CompiledContract[];
  readonly errors: readonly string[];
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi: unknown[];
        evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
      }
    >
  >;
}

/**
 * Compiles every contracts/src/*.sol with solc-js in one standard-JSON run. Settings are fixed
 * (optimizer 200 runs, EVM prague to match anvil --hardfork prague, no metadata hash or CBOR trailer) so
 * the bytecode depends only on the sources and the pinned solc version.
 * Warnings count as errors: a clean compile is part of the build.
 */
export function compileContracts(sourceDir: string): CompileResult {
  const files = readdirSync(sourceDir)
    .filter((name) => name.endsWith(".sol"))
    .sort();
  const sources = Object.fromEntries(
    files.map((file) => [file, { content: readFileSync(join(sourceDir, file), "utf8") }]),
  );
  const input = {
    language: "Solidity",
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "prague",
      metadata: { bytecodeHash: "none", appendCBOR: false },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).map((error) => error.formattedMessage.trim());
  const contracts: CompiledContract[] = [];
  for (const sourceFile of Object.keys(output.contracts ?? {}).sort()) {
    const byName = output.contracts?.[sourceFile] ?? {};
    for (const name of Object.keys(byName).sort()) {
      const contract = byName[name];
      if (!contract || contract.evm.deployedBytecode.object === "") continue; // interfaces, abstract bases
      contracts.push({
        name,
        sourceFile,
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      });
    }
  }
  return { solcVersion: solc.version(), contracts, errors };
}

/**
 * npm run contracts:build   compile contracts/src/*.sol with solc-js and write contracts/generated/
 * npm run contracts:check   compile, and fail when contracts/generated/ differs from what the sources produce
 *
 * contracts/generated/ is committed: the app, server and devnet import typed ABIs from it without running
 * solc, and the check keeps it honest (CI runs it through `npm test`).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { compileContracts } from "./compile-contracts.ts";
import { emitArtifact, emitIndex } from "./emit-artifact.ts";

const root = resolve(import.meta.dirname, "..");
const sourceDir = join(root, "src");
const outDir = join(root, "generated");

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function main(check: boolean): number {
  const started = Date.now();
  const result = compileContracts(sourceDir);
  if (result.errors.length > 0) {
    for (const error of result.errors) console.error(error);
    console.error(`\ncontracts: solc reported ${result.errors.length} error(s) or warning(s); nothing was written.`);
    return 1;
  }
  const outputs = new Map<string, string>();
  for (const contract of result.contracts)
    outputs.set(`${contract.name}.ts`, emitArtifact(contract, result.solcVersion));
  outputs.set("index.ts", emitIndex(result.contracts, result.solcVersion));

  const existing = readdirSync(outDir, { withFileTypes: true }).filter((entry) => entry.isFile());
  const stale = existing.map((entry) => entry.name).filter((name) => !outputs.has(name));
  const changed = [...outputs].filter(([name, content]) => readOrUndefined(join(outDir, name)) !== content);
  if (check) {
    for (const [name] of changed)
      console.error(`contracts/generated/${name}  out of date: run npm run contracts:build`);
    for (const name of stale)
      console.error(`contracts/generated/${name}  no source produces it: run npm run contracts:build`);
    if (changed.length + stale.length > 0) return 1;
    console.log(`contracts: ${result.contracts.length} contracts compiled; contracts/generated/ is up to date.`);
    return 0;
  }
  for (const [name, content] of changed) writeFileSync(join(outDir, name), content);
  for (const name of stale) rmSync(join(outDir, name));
  console.log(
    `contracts: ${result.contracts.length} contracts compiled in ${Date.now() - started} ms; ${changed.length} written, ${stale.length} removed.`,
  );
  return 0;
}

mkdirSync(outDir, { recursive: true });
process.exitCode = main(process.argv.includes("--check"));

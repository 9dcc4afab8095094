import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import type { Output } from "./generate.ts";
import type { Problem } from "./problem.ts";

/** Every file under a folder, relative to it with forward slashes. */
function listFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  return names
    .filter((name) => {
      try {
        return readdirSync(join(dir, name)) && false;
      } catch {
        return true;
      }
    })
    .map((name) => relative(dir, join(dir, name)).split(sep).join("/"))
    .sort();
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** Writes changed outputs and removes files no config produces any more. Returns how many files changed. */
export function writeOutputs(
  outDir: string,
  outputs: ReadonlyMap<string, Output>,
): { written: number; removed: number } {
  let written = 0;
  let removed = 0;
  for (const [path, { content }] of outputs) {
    const target = join(outDir, path);
    if (readOrUndefined(target) === content) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    written++;
  }
  for (const path of listFiles(outDir)) {
    if (outputs.has(path)) continue;
    rmSync(join(outDir, path));
    removed++;
  }
  return { written, removed };
}

/** Differences between what config produces and what is in the output folder. */
export function findDrift(outDir: string, outDisplay: string, outputs: ReadonlyMap<string, Output>): Problem[] {
  const problems: Problem[] = [];
  for (const [path, { content, source }] of outputs) {
    const current = readOrUndefined(join(outDir, path));
    if (current === content) continue;
    problems.push({
      file: `${outDisplay}/${path}`,
      pointer: "",
      message:
        current === undefined
          ? `is missing: expected the module generated from ${source} (run \`npm run codegen\`)`
          : `is out of date with ${source}: expected it regenerated (run \`npm run codegen\`; never edit generated files)`,
    });
  }
  for (const path of listFiles(outDir)) {
    if (outputs.has(path)) continue;
    problems.push({
      file: `${outDisplay}/${path}`,
      pointer: "",
      message: "is not produced by any config file: expected it removed (run `npm run codegen`)",
    });
  }
  return problems;
}

/**
 * npm run codegen        validate networks/, schemas/ and locales/, then write src/generated/
 * npm run codegen:check  validate, and fail when src/generated/ differs from what config produces
 *
 * Options: --root <dir> to work on another copy of the project (tests, temp copies).
 * Problems print as `file  /json/pointer  what is wrong: what is expected`, all at once; exit code 1.
 */
import { resolve } from "node:path";
import { generate } from "./generate.ts";
import { displayPath, projectLayout } from "./load-sources.ts";
import { formatProblem } from "./problem.ts";
import { findDrift, writeOutputs } from "./write-outputs.ts";

async function main(argv: readonly string[]): Promise<number> {
  const check = argv.includes("--check");
  const rootIndex = argv.indexOf("--root");
  const root = resolve(rootIndex >= 0 ? (argv[rootIndex + 1] ?? ".") : ".");
  const layout = projectLayout(root);
  const outDisplay = displayPath(layout, layout.outDir);
  const result = await generate(layout);
  const problems = [...result.problems];
  if (check && problems.length === 0) problems.push(...findDrift(layout.outDir, outDisplay, result.outputs));
  if (problems.length > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    console.error(`\ncodegen: ${count}; ${check ? "fix them" : `nothing was written to ${outDisplay}`}.`);
    return 1;
  }
  if (check) {
    console.log(
      `codegen: ${result.networkCount} network files, app.json and the locales are valid; ${outDisplay} is up to date.`,
    );
    return 0;
  }
  const { written, removed } = writeOutputs(layout.outDir, result.outputs);
  console.log(
    `codegen: ${result.networkCount} network files valid; ${outDisplay}: ${written} written, ${removed} removed, ${result.outputs.size - written} unchanged.`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`codegen: internal error: ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.CODEGEN_DEBUG) console.error(error);
    process.exitCode = 2;
  },
);

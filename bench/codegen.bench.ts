import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { generate } from "../codegen/generate.ts";
import { projectLayout } from "../codegen/load-sources.ts";
import { writeOutputs } from "../codegen/write-outputs.ts";
import { type BenchResult, median } from "./measure.ts";
import { makeSyntheticProject } from "./synthetic-networks.ts";

const NETWORKS = 1_000;
const RUNS = 5;

/** Codegen over 1,000 network files against the time to merely read and JSON-parse them. Goal: within 5x. */
export async function benchCodegen(): Promise<BenchResult> {
  const root = makeSyntheticProject(NETWORKS);
  const layout = projectLayout(root);
  try {
    const parseOnly = async () => {
      const started = performance.now();
      for (const name of readdirSync(layout.networksDir).sort()) {
        JSON.parse(readFileSync(join(layout.networksDir, name), "utf8"));
      }
      return performance.now() - started;
    };
    const codegen = async () => {
      const started = performance.now();
      const result = await generate(layout);
      if (result.problems.length > 0) throw new Error(`bench config is invalid: ${result.problems[0]?.message}`);
      writeOutputs(layout.outDir, result.outputs);
      return performance.now() - started;
    };
    const baselineTimes: number[] = [];
    const codegenTimes: number[] = [];
    // Interleave so both see the same machine load; the first codegen run also writes every file.
    for (let run = 0; run < RUNS; run++) {
      baselineTimes.push(await parseOnly());
      codegenTimes.push(await codegen());
    }
    const baseline = median(baselineTimes);
    const measured = median(codegenTimes);
    return {
      name: `codegen of ${NETWORKS} network files`,
      baselineName: "read + JSON.parse of the same files",
      baselineMs: baseline,
      measuredMs: measured,
      ratio: measured / baseline,
      goal: 5,
      notes: `first run (writes every file) ${codegenTimes[0]?.toFixed(0)} ms; median of ${RUNS} runs`,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

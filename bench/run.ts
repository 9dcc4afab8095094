/** npm run bench: runs every benchmark and prints each as a ratio to its own baseline. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../codegen/fixtures/project.ts";
import { benchCodegen } from "./codegen.bench.ts";
import type { BenchResult } from "./measure.ts";

const benches: ReadonlyArray<() => Promise<BenchResult>> = [benchCodegen];

const results: BenchResult[] = [];
for (const bench of benches) {
  const result = await bench();
  results.push(result);
  const verdict = result.ratio <= result.goal ? "within goal" : "OVER goal";
  console.log(
    `${result.name}: ${result.measuredMs.toFixed(1)} ms vs ${result.baselineName}: ${result.baselineMs.toFixed(1)} ms -> ${result.ratio.toFixed(2)}x (goal ${result.goal}x, ${verdict}); ${result.notes}`,
  );
}
const dir = join(REPO_ROOT, "bench", "results");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);

/** npm run bench: runs every benchmark and prints each as a ratio to its own baseline. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../codegen/fixtures/project.ts";
import { benchCodegen } from "./codegen.bench.ts";
import { benchDepositDataLoad } from "./deposit-data-load.bench.ts";
import { benchDepositVerification } from "./deposit-verification.bench.ts";
import { benchLighthouseHome } from "./lighthouse-home.bench.ts";
import { benchLoad } from "./load.bench.ts";
import type { BenchResult } from "./measure.ts";
import { benchModalKitOpenTime } from "./modal-kit-open-time.ts";
import { benchModalKitSize } from "./modal-kit-size.ts";
import { benchRewardsSummary } from "./rewards-summary.bench.ts";
import { benchRpcProxy } from "./rpc-proxy.bench.ts";
import { benchSharedRateLimit } from "./shared-rate-limit.bench.ts";
import { benchSsvKeysharesVerification } from "./ssv-keyshares-verification.bench.ts";

const benches: ReadonlyArray<() => Promise<BenchResult | BenchResult[]>> = [
  benchCodegen,
  benchRpcProxy,
  benchSharedRateLimit,
  benchRewardsSummary,
  benchDepositVerification,
  benchDepositDataLoad,
  benchLoad,
  benchSsvKeysharesVerification,
  benchModalKitSize,
  benchModalKitOpenTime,
  benchLighthouseHome,
];

const results: BenchResult[] = [];
const only = process.argv.slice(2);
/** "ssv-keyshares" selects benchSsvKeysharesVerification: names compare without case, dashes or spaces. */
const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
for (const bench of benches) {
  if (only.length > 0 && !only.some((name) => plain(bench.name).includes(plain(name)))) continue;
  for (const result of [await bench()].flat()) {
    results.push(result);
    const met = result.higherIsBetter ? result.ratio >= result.goal : result.ratio <= result.goal;
    const unit = result.unit ?? (result.higherIsBetter ? "" : " ms");
    console.log(
      `${result.name}: ${result.measuredMs.toFixed(1)}${unit} vs ${result.baselineName}: ${result.baselineMs.toFixed(1)}${unit} -> ${result.ratio.toFixed(2)}x (goal ${result.higherIsBetter ? "at least" : "at most"} ${Number(result.goal.toFixed(2))}x, ${met ? "met" : "NOT met"}); ${result.notes}`,
    );
  }
}
const dir = join(REPO_ROOT, "bench", "results");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);

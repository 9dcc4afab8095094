import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { verifySignaturesWithWasm } from "../src/core/deposit/bls-wasm.ts";
import { verifyDepositData, verifyDepositDataWith } from "../src/core/deposit/index.ts";
import { launchChromium } from "../tests/e2e/support/browser.ts";
import { startStaticServer } from "../tests/e2e/support/static-server.ts";
import { depositFixtures, fixtureExpectations } from "../tests/support/deposit-fixtures.ts";
import { type BenchResult, median } from "./measure.ts";
import { buildEntry } from "./modal-kit/build-entry.ts";

const COUNT = 100;
const WARM_RUNS = 5;
const GOAL_MS = 1_000;

const time = async (run: () => unknown) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

/**
 * Verification of 100 deposits (every rule plus 100 BLS signatures) against @noble/curves alone on this
 * thread, measured in the same run: bls-eth-wasm in Node, and in Chromium through the bundled Web Worker
 * (first use, worker and WebAssembly start included, and warm). Goal: ≤ 1 s for 100 deposits.
 */
export async function benchDepositVerification(): Promise<BenchResult[]> {
  const fixturesStarted = performance.now();
  const deposits = await depositFixtures(COUNT);
  const fixturesMs = performance.now() - fixturesStarted;
  const expected = fixtureExpectations(COUNT);

  const nobleMs = await time(() => {
    if (!verifyDepositData(deposits, expected).ok) throw new Error("noble rejected the fixtures");
  });
  const wasmRuns: number[] = [];
  for (let run = 0; run <= WARM_RUNS; run++) {
    wasmRuns.push(
      await time(async () => {
        if (!(await verifyDepositDataWith(deposits, expected, verifySignaturesWithWasm)).ok)
          throw new Error("bls-eth-wasm rejected the fixtures");
      }),
    );
  }
  const [wasmFirstMs = Number.NaN, ...wasmWarm] = wasmRuns;
  const browser = await measureInChromium(JSON.stringify(deposits));

  const result = (name: string, measuredMs: number, notes: string): BenchResult => ({
    name: `${name} (${COUNT} deposits)`,
    baselineName: "@noble/curves alone, Node",
    baselineMs: nobleMs,
    measuredMs,
    ratio: measuredMs / nobleMs,
    goal: GOAL_MS / nobleMs,
    notes: `absolute goal ≤ ${GOAL_MS} ms: ${measuredMs <= GOAL_MS ? "met" : "NOT met"}; ${notes}`,
  });
  return [
    result(
      "deposit verification, bls-eth-wasm in Node",
      median(wasmWarm),
      `median of ${WARM_RUNS} warm runs; first run with WebAssembly start ${wasmFirstMs.toFixed(0)} ms; fixtures signed with bls-eth-wasm in ${fixturesMs.toFixed(0)} ms`,
    ),
    result(
      "deposit verification, Chromium Web Worker, first use",
      browser.firstMs,
      `starts the worker, fetching its chunk (${browser.workerKb.toFixed(0)} KB gzip, WebAssembly inside) from a local gzip server`,
    ),
    result(
      "deposit verification, Chromium Web Worker, warm",
      browser.warmMs,
      `median of ${WARM_RUNS} runs after the first; longest main-thread long task over all runs ${browser.longestTaskMs.toFixed(0)} ms`,
    ),
  ];
}

async function measureInChromium(
  depositsJson: string,
): Promise<{ firstMs: number; warmMs: number; longestTaskMs: number; workerKb: number }> {
  const built = await buildEntry("bench/deposit-verification/entry.ts");
  const assets = join(built.outDir, "assets");
  const worker = readdirSync(assets).find((file) => /^bls-verify\.worker-.*\.js$/.test(file));
  if (!worker) throw new Error("the build emitted no BLS worker chunk");
  const workerKb = gzipSync(readFileSync(join(assets, worker)), { level: 9 }).length / 1024;
  const [site, browser] = await Promise.all([startStaticServer(built.outDir), launchChromium()]);
  try {
    const page = await browser.newPage();
    await page.goto(site.url);
    await page.waitForFunction("window.__verifyDeposits !== undefined");
    const { amountsGwei, ...rest } = fixtureExpectations(COUNT);
    // A string, not a function: tsx would add helpers the page does not have.
    const runs = await page.evaluate(`(async () => {
      const data = ${depositsJson};
      const expected = { ...${JSON.stringify(rest)}, amountsGwei: ${JSON.stringify(amountsGwei.map(String))}.map(BigInt) };
      const longTasks = [];
      const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration)));
      observer.observe({ type: "longtask" });
      const runs = [];
      for (let run = 0; run <= ${WARM_RUNS}; run++) {
        const started = performance.now();
        const result = await window.__verifyDeposits(data, expected);
        runs.push(performance.now() - started);
        if (!result.ok) throw new Error("the browser rejected the fixtures");
      }
      observer.takeRecords().forEach((entry) => longTasks.push(entry.duration));
      observer.disconnect();
      return { runs, longestTask: Math.max(0, ...longTasks) };
    })()`);
    const { runs: times, longestTask } = runs as { runs: number[]; longestTask: number };
    const [firstMs = Number.NaN, ...warm] = times;
    return { firstMs, warmMs: median(warm), longestTaskMs: longestTask, workerKb };
  } finally {
    await browser.close();
    await site.close();
    rmSync(built.outDir, { recursive: true, force: true });
  }
}

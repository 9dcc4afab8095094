/**
 * Lighthouse (mobile form factor, its default simulated throttling) on the home page of the production build,
 * served by the staking server as `npm run serve` serves it, in Debian Chromium: accessibility and performance
 * scores with FCP, LCP, TBT and CLS, against the perfect score 100 (goals: accessibility 100, performance at
 * least 95). Reported, never asserted. Part of `npm run bench`; `npx tsx bench/lighthouse-home.bench.ts` runs it
 * alone.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { build } from "vite";
import { REPO_ROOT } from "../codegen/fixtures/project.ts";
import { buildServer } from "../server/app.ts";
import { parseEnv } from "../server/config/env.ts";
import { openStorage } from "../server/storage/database.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/support/browser.ts";
import { type BenchResult, median } from "./measure.ts";

const RUNS = 3;
/** The goals, as a share of Lighthouse's perfect score. */
const ACCESSIBILITY_GOAL = 100;
const PERFORMANCE_GOAL = 95;

interface Figures {
  readonly accessibility: number;
  readonly performance: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /** Requests the page made to anything but the served origin (they fail: only loopback is reachable). */
  readonly offOrigin: readonly string[];
}

/** `vite build` as `npm run build` makes it (a mainnet build), into a temp folder. */
async function buildApp(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), "lighthouse-bench-dist-"));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ root: REPO_ROOT, mode: "production", logLevel: "error", build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

async function audit(url: string): Promise<Figures> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    // Every host name but loopback fails at once, so nothing is looked up or fetched beyond this machine.
    chromeFlags: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["accessibility", "performance"],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const origin = new URL(url).origin;
    const requests = (lhr.audits["network-requests"]?.details as { items?: { url: string }[] } | undefined)?.items;
    return {
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: numeric("first-contentful-paint"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      offOrigin: [...new Set((requests ?? []).map((item) => item.url).filter((u) => !u.startsWith(origin)))],
    };
  } finally {
    chrome.kill();
  }
}

export async function benchLighthouseHome(): Promise<BenchResult[]> {
  const distDir = await buildApp();
  const storage = await openStorage({ dataDir: "memory://" });
  const server = await buildServer(parseEnv({ LOG_LEVEL: "silent", PORT: "0", SERVE_APP_DIR: distDir }), storage, {
    logger: false,
  });
  try {
    const url = `${(await server.listen({ host: "127.0.0.1", port: 0 })).replace("localhost", "127.0.0.1")}/`;
    const runs: Figures[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await audit(url));
    const mid = (pick: (figures: Figures) => number) => median(runs.map(pick));
    const performance = mid((figures) => figures.performance);
    const accessibility = Math.min(...runs.map((figures) => figures.accessibility));
    const offOrigin = [...new Set(runs.flatMap((figures) => figures.offOrigin))];
    const metrics = `median of ${RUNS}: FCP ${mid((f) => f.fcpMs).toFixed(0)} ms, LCP ${mid((f) => f.lcpMs).toFixed(0)} ms, TBT ${mid((f) => f.tbtMs).toFixed(0)} ms, CLS ${mid((f) => f.cls).toFixed(3)}`;
    const unreachable = offOrigin.length > 0 ? `; unreachable here (loopback only): ${offOrigin.join(", ")}` : "";
    const scoreResult = (name: string, score: number, goal: number, notes: string): BenchResult => ({
      name: `Lighthouse ${name}, home page, mobile`,
      baselineName: "the perfect score",
      baselineMs: 100,
      measuredMs: score,
      ratio: score / 100,
      goal: goal / 100,
      higherIsBetter: true,
      unit: " points",
      notes,
    });
    return [
      scoreResult(
        "accessibility",
        accessibility,
        ACCESSIBILITY_GOAL,
        `lowest of ${RUNS} runs: ${runs.map((f) => f.accessibility).join(", ")} (goal ${ACCESSIBILITY_GOAL})`,
      ),
      scoreResult(
        "performance",
        performance,
        PERFORMANCE_GOAL,
        `runs ${runs.map((f) => f.performance).join(", ")} (goal >= ${PERFORMANCE_GOAL}); ${metrics}${unreachable}`,
      ),
    ];
  } finally {
    await server.close();
    await storage.close();
    await rm(distDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const result of await benchLighthouseHome()) {
    console.log(`${result.name}: ${result.measuredMs}${result.unit}; ${result.notes}`);
  }
}

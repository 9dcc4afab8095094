/**
 * Time from a click on "Connect wallet" to the kit's dialog showing the wallet list, in a production build of
 * the kit's button: cold (clicked without the pointer or focus coming near first: the modal's code is fetched on
 * the click) and after the pointer rested on the button (which fetches it early). Against a
 * bare wagmi button built the same way in the same run: click, load wagmi, call connect(), show a <dialog>.
 * Debian Chromium, anvil. Part of `npm run bench`; `npx tsx bench/modal-kit-open-time.ts` runs it alone.
 */
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS } from "../tests/e2e/support/browser.ts";
import { devnetTestWalletScript } from "../tests/modal-kit/devnet-test-wallet.ts";
import { startAnvil } from "../tests/support/anvil.ts";
import { type BenchResult, median } from "./measure.ts";
import { buildEntry } from "./modal-kit/build-entry.ts";
import { serveDirectory } from "./modal-kit/static-server.ts";

const RUNS = 7;
/** A cold first open (its code fetched on the click) takes at most 100 ms. */
export const COLD_GOAL_MS = 100;
/** Issue 17: once its code is preloaded (hover, focus), the dialog shows within 50 ms of the click. */
export const PRELOADED_GOAL_MS = 50;

type Start = "cold" | "hover";

/** Clicks the page's first button and resolves to the ms until `done` holds in the page. */
async function clickTo(page: Page, done: string): Promise<number> {
  // A string, not a function: tsx would add helpers the page does not have.
  return page.evaluate(`new Promise((resolve) => {
    const start = performance.now();
    document.querySelector("button").click();
    const check = () => ((${done}) ? resolve(performance.now() - start) : requestAnimationFrame(check));
    check();
  })`);
}

interface Timing {
  readonly ms: number;
  /** Scripts requested between the click and the dialog. */
  readonly scriptsAfterClick: number;
}

async function measure(browser: Browser, rpcUrl: string, url: string, done: string, start: Start) {
  const runs: Timing[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(devnetTestWalletScript(rpcUrl));
    await page.goto(url);
    await page.locator("button").first().waitFor();
    if (start === "hover") await page.locator("button").first().hover();
    // Wait for the preload to finish: no request for 500 ms.
    if (start === "hover") await page.waitForLoadState("networkidle");
    let scripts = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts += 1;
    });
    const ms = await clickTo(page, done);
    runs.push({ ms, scriptsAfterClick: scripts });
    await context.close();
  }
  return {
    ms: median(runs.map((timing) => timing.ms)),
    scripts: median(runs.map((timing) => timing.scriptsAfterClick)),
  };
}

export async function benchModalKitOpenTime(): Promise<BenchResult[]> {
  const anvil = await startAnvil();
  const kit = await buildEntry("bench/modal-kit/kit-entry.tsx");
  const bare = await buildEntry("bench/modal-kit/bare-wagmi-dialog-entry.tsx");
  const kitSite = await serveDirectory(kit.outDir);
  const bareSite = await serveDirectory(bare.outDir);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: [...CHROMIUM_ARGS] });
  try {
    const walletList = "document.querySelector('[role=dialog] .mk-row') !== null";
    const baseline = await measure(
      browser,
      anvil.rpcUrl,
      bareSite.url,
      "document.querySelector('dialog[open]') !== null",
      "cold",
    );
    const result = async (start: Start, name: string, goalMs: number): Promise<BenchResult> => {
      const timing = await measure(browser, anvil.rpcUrl, kitSite.url, walletList, start);
      return {
        name: `modal kit click to dialog, ${name}`,
        baselineName: "bare wagmi click to <dialog>",
        baselineMs: baseline.ms,
        measuredMs: timing.ms,
        ratio: timing.ms / baseline.ms,
        // The goal in ms as a ratio to this run's baseline.
        goal: goalMs / baseline.ms,
        notes: `${timing.ms <= goalMs ? "within" : "OVER"} the ${goalMs} ms goal; median of ${RUNS} first opens; scripts fetched after the click: ${timing.scripts} (bare wagmi: ${baseline.scripts})`,
      };
    };
    return [await result("cold", "cold", COLD_GOAL_MS), await result("hover", "after hover", PRELOADED_GOAL_MS)];
  } finally {
    await browser.close();
    await kitSite.close();
    await bareSite.close();
    for (const built of [kit, bare]) rmSync(built.outDir, { recursive: true, force: true });
    await anvil.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const result of await benchModalKitOpenTime()) {
    console.log(
      `${result.name}: ${result.measuredMs.toFixed(1)} ms vs ${result.baselineName}: ${result.baselineMs.toFixed(1)} ms -> ${result.ratio.toFixed(2)}x (goal ${result.goal.toFixed(2)}x); ${result.notes}`,
    );
  }
}

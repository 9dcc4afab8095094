/**
 * JavaScript and CSS (gzip) a page loads when the wallet modal first opens, against a bare wagmi connect()
 * button built the same way in the same run; both load their wallet code lazily. Part of `npm run bench`;
 * `npx tsx bench/modal-kit-size.ts` runs it alone.
 */
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { BenchResult } from "./measure.ts";
import { buildEntry } from "./modal-kit/build-entry.ts";

/** The kit may add at most 40 KB gzip on open (the main modal kits add 100-250 KB). */
export const SIZE_GOAL_KB = 40;

export async function benchModalKitSize(): Promise<BenchResult> {
  const baseline = await buildEntry("bench/modal-kit/bare-wagmi-entry.tsx");
  const kit = await buildEntry("bench/modal-kit/kit-entry.tsx");
  for (const built of [baseline, kit]) rmSync(built.outDir, { recursive: true, force: true });
  const added = kit.onOpenKb - baseline.onOpenKb;
  return {
    name: "modal kit JS+CSS on open (gzip)",
    baselineName: "bare wagmi connect() on open",
    baselineMs: baseline.onOpenKb,
    measuredMs: kit.onOpenKb,
    ratio: kit.onOpenKb / baseline.onOpenKb,
    // "Adds at most 40 KB" as a ratio to this run's baseline.
    goal: (baseline.onOpenKb + SIZE_GOAL_KB) / baseline.onOpenKb,
    unit: " KB",
    notes: `the kit adds ${added.toFixed(1)} KB gzip on open (goal <= ${SIZE_GOAL_KB} KB, ${added <= SIZE_GOAL_KB ? "within goal" : "OVER goal"}); at start ${kit.entryKb.toFixed(1)} KB vs ${baseline.entryKb.toFixed(1)} KB`,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await benchModalKitSize();
  console.log(
    `${result.name}: ${result.measuredMs.toFixed(1)} KB vs ${result.baselineMs.toFixed(1)} KB; ${result.notes}`,
  );
}

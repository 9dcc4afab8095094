/**
 * npx tsx bench/modal-kit-size.ts: JavaScript and CSS (gzip) a page loads when the wallet modal first opens,
 * against a bare wagmi connect() button built the same way in the same run. Both load their wallet code lazily.
 */
import { rmSync } from "node:fs";
import { buildEntry } from "./modal-kit/build-entry.ts";

const GOAL_KB = 40;

const baseline = await buildEntry("bench/modal-kit/bare-wagmi-entry.tsx");
const kit = await buildEntry("bench/modal-kit/kit-entry.tsx");
for (const built of [baseline, kit]) rmSync(built.outDir, { recursive: true, force: true });
const added = kit.onOpenKb - baseline.onOpenKb;
console.log(
  `modal kit on open: ${kit.onOpenKb.toFixed(1)} KB gzip vs bare wagmi connect(): ${baseline.onOpenKb.toFixed(1)} KB -> kit adds ${added.toFixed(1)} KB (goal <= ${GOAL_KB} KB, ${added <= GOAL_KB ? "within goal" : "OVER goal"})`,
);

/**
 * npx tsx bench/modal-kit-size.ts: JavaScript and CSS (gzip) a page loads when the wallet modal first opens,
 * against a bare wagmi connect() button built the same way in the same run. Both load their wallet code lazily.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build } from "vite";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const GOAL_KB = 40;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

async function lazyBytes(entry: string): Promise<{ entryKb: number; onOpenKb: number }> {
  const outDir = mkdtempSync(join(tmpdir(), "modal-kit-size-"));
  try {
    await build({
      root: ROOT,
      configFile: false,
      logLevel: "error",
      plugins: [react()],
      build: { outDir, manifest: true, rollupOptions: { input: join(ROOT, entry) }, emptyOutDir: true },
    });
    const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Record<
      string,
      ManifestChunk
    >;
    const gz = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length / 1024;
    const walk = (key: string, seen: Set<string>): Set<string> => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) walk(next, seen);
      return seen;
    };
    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? "";
    const initial = walk(entryKey, new Set());
    const lazy = new Set<string>();
    for (const dynamic of manifest[entryKey]?.dynamicImports ?? []) walk(dynamic, lazy);
    let onOpen = 0;
    for (const key of lazy) {
      if (initial.has(key)) continue;
      const chunk = manifest[key];
      if (!chunk) continue;
      onOpen += gz(chunk.file);
      for (const css of chunk.css ?? []) onOpen += gz(css);
    }
    let entryKb = 0;
    for (const key of initial) entryKb += gz(manifest[key]?.file ?? "");
    return { entryKb, onOpenKb: onOpen };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const baseline = await lazyBytes("bench/modal-kit/bare-wagmi-entry.tsx");
const kit = await lazyBytes("bench/modal-kit/kit-entry.tsx");
const added = kit.onOpenKb - baseline.onOpenKb;
console.log(
  `modal kit on open: ${kit.onOpenKb.toFixed(1)} KB gzip vs bare wagmi connect(): ${baseline.onOpenKb.toFixed(1)} KB -> kit adds ${added.toFixed(1)} KB (goal <= ${GOAL_KB} KB, ${added <= GOAL_KB ? "within goal" : "OVER goal"}); initial entry ${kit.entryKb.toFixed(1)} KB vs ${baseline.entryKb.toFixed(1)} KB`,
);

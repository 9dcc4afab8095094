import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { narrowViemDynamicImports } from "../../src/modal-kit/build/narrow-viem-dynamic-imports.ts";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface BuiltEntry {
  readonly outDir: string;
  /** gzip KB of the JS the page loads at start. */
  readonly entryKb: number;
  /** gzip KB of the JS and CSS its lazy imports add (what opening the wallet UI loads). */
  readonly onOpenKb: number;
}

/** Production-builds one entry into a temp dir with an index.html that loads it, and sizes what it loads. */
export async function buildEntry(entry: string): Promise<BuiltEntry> {
  const outDir = mkdtempSync(join(tmpdir(), "modal-kit-bench-"));
  await build({
    root: ROOT,
    configFile: false,
    logLevel: "error",
    // As in a host build: docs/wallet-kit.md asks hosts of the kit to add this plugin.
    plugins: [react(), narrowViemDynamicImports()],
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
  let onOpenKb = 0;
  for (const key of lazy) {
    const chunk = manifest[key];
    if (initial.has(key) || !chunk) continue;
    onOpenKb += gz(chunk.file);
    for (const css of chunk.css ?? []) onOpenKb += gz(css);
  }
  let entryKb = 0;
  for (const key of initial) entryKb += gz(manifest[key]?.file ?? "");
  writeFileSync(
    join(outDir, "index.html"),
    `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="/${manifest[entryKey]?.file}"></script></body></html>`,
  );
  return { outDir, entryKb, onOpenKb };
}

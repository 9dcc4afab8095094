/**
 * `npx tsx bench/modal-kit/list-open-modules.ts [entry] [top]`: builds an entry as bench/modal-kit-size.ts does
 * and lists the chunks its lazy imports load (gzip KB) with their biggest modules (rendered bytes), to find
 * what grew when the size bench does. Defaults: the kit's bench entry, 15 modules per chunk.
 */
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import type { OutputChunk } from "rolldown";
import { build, type Plugin } from "vite";
import { narrowViemDynamicImports } from "../../src/modal-kit/build/narrow-viem-dynamic-imports.ts";
import { ROOT } from "./build-entry.ts";

const entry = process.argv[2] ?? "bench/modal-kit/kit-entry.tsx";
const top = Number(process.argv[3] ?? 15);
const short = (id: string) => id.replace(/.*node_modules\//, "").replace(ROOT, "");

/** Prints the chunks loaded on open (static imports of the entry's dynamic imports, minus the start chunks). */
const listOpenChunks: Plugin = {
  name: "list-open-chunks",
  generateBundle(_options, bundle) {
    const chunks = new Map<string, OutputChunk>();
    for (const file of Object.values(bundle)) if (file.type === "chunk") chunks.set(file.fileName, file);
    const walk = (name: string, seen: Set<string>): Set<string> => {
      if (seen.has(name)) return seen;
      seen.add(name);
      for (const next of chunks.get(name)?.imports ?? []) walk(next, seen);
      return seen;
    };
    const entryChunk = [...chunks.values()].find((chunk) => chunk.isEntry);
    if (!entryChunk) throw new Error(`no entry chunk for ${entry}`);
    const atStart = walk(entryChunk.fileName, new Set());
    const onOpen = new Set<string>();
    for (const dynamic of entryChunk.dynamicImports) walk(dynamic, onOpen);
    let total = 0;
    for (const name of onOpen) {
      const chunk = chunks.get(name);
      if (!chunk || atStart.has(name)) continue;
      const kb = gzipSync(chunk.code, { level: 9 }).length / 1024;
      total += kb;
      console.log(`\n${name}: ${kb.toFixed(1)} KB gzip`);
      const modules = Object.entries(chunk.modules).sort(([, a], [, b]) => b.renderedLength - a.renderedLength);
      for (const [id, info] of modules.slice(0, top)) {
        if (info.renderedLength > 0) console.log(`  ${String(info.renderedLength).padStart(7)}  ${short(id)}`);
      }
    }
    console.log(`\nJS loaded on open: ${total.toFixed(1)} KB gzip (CSS not counted)`);
  },
};

await build({
  root: ROOT,
  configFile: false,
  logLevel: "error",
  plugins: [react(), narrowViemDynamicImports(), listOpenChunks],
  build: { write: false, rollupOptions: { input: join(ROOT, entry) } },
});

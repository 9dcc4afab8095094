import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Plugin } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { narrowViemDynamicImports } from "./narrow-viem-dynamic-imports.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const ENTRY = fileURLToPath(new URL("./fixture/entry.ts", import.meta.url));
const outDirs: string[] = [];
afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

interface Built {
  readonly outDir: string;
  readonly entryFile: string;
  /** gzip KB of the entry and every chunk it imports statically (what loads at start). */
  readonly startKb: number;
}

/** Builds the fixture (an ES module runnable in Node) and sizes what its entry loads at start. */
async function buildFixture(plugins: Plugin[]): Promise<Built> {
  const outDir = mkdtempSync(join(tmpdir(), "narrow-viem-"));
  outDirs.push(outDir);
  await build({
    root: ROOT,
    configFile: false,
    logLevel: "error",
    plugins,
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      modulePreload: false,
      minify: false,
      rolldownOptions: { input: ENTRY, preserveEntrySignatures: "exports-only" },
    },
  });
  writeFileSync(join(outDir, "package.json"), '{ "type": "module" }\n');
  const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[] }
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? "";
  const atStart = new Set<string>();
  const walk = (key: string) => {
    if (atStart.has(key)) return;
    atStart.add(key);
    for (const next of manifest[key]?.imports ?? []) walk(next);
  };
  walk(entryKey);
  let startKb = 0;
  for (const key of atStart) startKb += gzipSync(readFileSync(join(outDir, manifest[key]?.file ?? ""))).length / 1024;
  return { outDir, entryFile: join(outDir, manifest[entryKey]?.file ?? ""), startKb };
}

describe("narrowViemDynamicImports (Vite plugin for hosts of the kit)", () => {
  it("keeps viem modules only a dynamic `await import('viem')` needs out of the code that loads at start", async () => {
    const without = await buildFixture([]);
    const withPlugin = await buildFixture([narrowViemDynamicImports()]);
    // Without the plugin the whole viem barrel (clients, actions, ABI code) is linked to the start code.
    expect(without.startKb).toBeGreaterThan(40);
    expect(withPlugin.startKb).toBeLessThan(15);
  }, 120_000);

  it("still hands the dynamic import's code the viem functions it destructures, working", async () => {
    const built = await buildFixture([narrowViemDynamicImports()]);
    const entry = (await import(pathToFileURL(built.entryFile).href)) as {
      loadLater: () => Promise<{ loadViemClientFactory: () => Promise<Record<string, unknown>> }>;
    };
    const { createPublicClient, http } = (await (await entry.loadLater()).loadViemClientFactory()) as {
      createPublicClient: typeof import("viem").createPublicClient;
      http: typeof import("viem").http;
    };
    const client = createPublicClient({ transport: http("http://127.0.0.1:1") });
    expect(typeof client.getBalance).toBe("function");
    expect(client.transport.type).toBe("http");
  }, 120_000);
});

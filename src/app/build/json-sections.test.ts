import { fileURLToPath } from "node:url";
import type { OutputChunk } from "rolldown";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { jsonSections } from "./json-sections.ts";

const entry = fileURLToPath(new URL("./fixture/entry.ts", import.meta.url));

async function chunks(): Promise<OutputChunk[]> {
  const output = await build({
    configFile: false,
    logLevel: "silent",
    plugins: [jsonSections()],
    build: { write: false, minify: false, rollupOptions: { input: entry } },
  });
  const [result] = [output].flat() as { output: (OutputChunk | { type: "asset" })[] }[];
  return (result?.output ?? []).filter((file): file is OutputChunk => file.type === "chunk");
}

describe("json-sections (the home page's part of en_US)", () => {
  it("bundles only the sections read through ?first-page in the entry, the whole file in its lazy chunk", async () => {
    const built = await chunks();
    const start = built.find((chunk) => chunk.isEntry);
    const lazy = built.find((chunk) => !chunk.isEntry);
    expect(start?.code).toContain("Shown first");
    expect(start?.code).not.toContain("Loaded later");
    expect(lazy?.code).toContain("Loaded later");
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../src");
const IMPORT = /(?:from\s+|import\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** [importing file, imported file], both relative to src/. */
function localImports(): [string, string][] {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(IMPORT)].map((match): [string, string] => [
      relative(SRC, file),
      relative(SRC, resolve(dirname(file), match[1] ?? "")),
    ]),
  );
}

/** "app", "features/home", "components", "lib", "generated", or the top folder. */
function layerOf(path: string): string {
  const [top, second] = path.split("/");
  return top === "features" ? `features/${second}` : (top ?? "");
}

describe("import rules (docs/architecture.md)", () => {
  it("keeps features independent and imports flowing app → features → components/lib → generated", () => {
    const imports = localImports();
    expect(imports.length).toBeGreaterThan(50);
    const broken = imports.filter(([from, to]) => {
      const source = layerOf(from);
      const target = layerOf(to);
      if (source === target) return false;
      if (source.startsWith("features/")) return target === "app" || target.startsWith("features/");
      if (source === "components" || source === "lib") return target === "app" || target.startsWith("features/");
      if (source === "generated") return target !== "generated";
      return false;
    });
    expect(broken.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });

  it("imports local TypeScript files with their extension", () => {
    const missing = localImports().filter(([, to]) => !/\.(tsx?|css|json)(\?[a-z-]+)?$/.test(to));
    expect(missing.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const KIT = dirname(fileURLToPath(import.meta.url));
const SRC = resolve(KIT, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("modal kit import boundary (docs/architecture.md)", () => {
  it("imports only its own files, src/core and types from src/generated, never src/app, src/features or src/lib", () => {
    const problems: string[] = [];
    for (const file of sourceFiles(KIT)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/^(import|export)\s+(type\s+)?[^"';]*?from\s+"(\.[^"]+)"/gm)) {
        const target = relative(SRC, resolve(dirname(file), match[3] ?? ""));
        const typeOnly = Boolean(match[2]);
        const allowed =
          !target.startsWith("..") &&
          (target.startsWith("modal-kit/") ||
            target.startsWith("core/") ||
            (typeOnly && target.startsWith("generated/")));
        if (!allowed) problems.push(`${relative(SRC, file)} imports ${target}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("lets the example host (examples/kit-host) reach the kit only as the installed package, nothing of the repository", () => {
    const example = resolve(SRC, "../examples/kit-host");
    const files = readdirSync(example).filter((name) => /\.tsx?$/.test(name));
    const specifiers = files.flatMap((name) =>
      [
        ...readFileSync(join(example, name), "utf8").matchAll(
          /(?:\bfrom\s+|^\s*import\s+|\bimport\s*\(\s*)["']([^"']+)["']/gm,
        ),
      ].map((match) => `${name}: ${match[1]}`),
    );
    expect(specifiers).toContain("main.tsx: @stake-app/modal-kit");
    expect(specifiers.filter((line) => / \./.test(line))).toEqual([]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const FRAME = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(FRAME, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("secure frame import boundary", () => {
  it("imports its own files, src/core/embedded-wallet, the HTTP client src/core/http/json-client.ts, the locales, the generated chain and frame contract lists, viem and @noble/curves only: nothing of the app or the kit", () => {
    const problems: string[] = [];
    for (const file of sourceFiles(FRAME)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/^(?:import|export)\s[^"';]*?from\s+"([^"]+)"|^import\s+"([^"]+)"/gm)) {
        const spec = match[1] ?? match[2] ?? "";
        if (!spec.startsWith(".")) {
          if (!/^(viem|@noble\/curves)(\/|$)/.test(spec)) problems.push(`${relative(ROOT, file)} imports ${spec}`);
          continue;
        }
        const target = relative(ROOT, resolve(dirname(file), spec));
        const allowed =
          target.startsWith("src/secure-frame/") ||
          target.startsWith("src/core/embedded-wallet/") ||
          target === "src/core/http/json-client.ts" ||
          /^locales\/[a-z]{2}_[A-Z]{2}\.json$/.test(target) ||
          target === "src/generated/chains.ts" ||
          target === "src/generated/frame-contracts.ts";
        if (!allowed) problems.push(`${relative(ROOT, file)} imports ${target}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

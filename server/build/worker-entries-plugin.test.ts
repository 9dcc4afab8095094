import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";

const CONFIG = fileURLToPath(new URL("./vite.server.config.ts", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "server-worker-build-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("compiling a server that starts a worker thread", () => {
  it("emits the worker as an entry of its own and points the started URL at it, so plain node runs it", async () => {
    await build({
      configFile: CONFIG,
      logLevel: "silent",
      build: { outDir: out, rolldownOptions: { input: { main: "server/build/fixtures/worker/main.ts" } } },
    });
    expect(existsSync(join(out, "square.js"))).toBe(true);
    const printed = execFileSync(process.execPath, [join(out, "main.js")], {
      encoding: "utf8",
      env: { PATH: process.env.PATH },
      timeout: 20_000,
    });
    expect(printed.trim()).toBe("square of 7: 49");
  });
});

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { build } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { precompress, writeCompressedSiblings } from "./precompress.ts";

const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), name));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the build's pre-compressed files", () => {
  it("writes a .br and a .gz beside each text file of 1 KiB or more, holding the same bytes", async () => {
    const dir = tempDir("precompress-");
    mkdirSync(join(dir, "assets"));
    const script = Buffer.from("export const stake = 'ETH';\n".repeat(100));
    const icon = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1"/>'.repeat(80)}</svg>`);
    writeFileSync(join(dir, "assets", "index-Ab12Cd34.js"), script);
    writeFileSync(join(dir, "assets", "ethereum-Ef56Gh78.svg"), icon);
    writeFileSync(join(dir, "assets", "logo-Ij90Kl12.png"), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, "robots.txt"), "User-agent: *\n");

    await writeCompressedSiblings(dir);

    expect(readdirSync(join(dir, "assets")).sort()).toEqual([
      "ethereum-Ef56Gh78.svg",
      "ethereum-Ef56Gh78.svg.br",
      "ethereum-Ef56Gh78.svg.gz",
      "index-Ab12Cd34.js",
      "index-Ab12Cd34.js.br",
      "index-Ab12Cd34.js.gz",
      "logo-Ij90Kl12.png",
    ]);
    expect(readdirSync(dir).sort()).toEqual(["assets", "robots.txt"]);
    const js = join(dir, "assets", "index-Ab12Cd34.js");
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).equals(script)).toBe(true);
    expect(gunzipSync(readFileSync(`${js}.gz`)).equals(script)).toBe(true);
    const svg = join(dir, "assets", "ethereum-Ef56Gh78.svg");
    expect(brotliDecompressSync(readFileSync(`${svg}.br`)).equals(icon)).toBe(true);
    expect(gunzipSync(readFileSync(`${svg}.gz`)).equals(icon)).toBe(true);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10);
  });

  it("are written by the Vite build itself (the plugin of vite.config.ts)", async () => {
    const root = tempDir("precompress-root-");
    const outDir = join(root, "dist");
    writeFileSync(join(root, "index.html"), '<!doctype html><script type="module" src="./main.js"></script>');
    const words = Array.from({ length: 300 }, (_, i) => `word-${i}`);
    writeFileSync(join(root, "main.js"), `document.body.textContent = ${JSON.stringify(words)}.join(" ");\n`);

    await build({ root, configFile: false, logLevel: "silent", plugins: [precompress()], build: { outDir } });

    const [entry] = readdirSync(join(outDir, "assets")).filter((name) => name.endsWith(".js"));
    expect(entry).toMatch(/^index-[\w-]+\.js$/);
    const file = join(outDir, "assets", String(entry));
    const body = readFileSync(file);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(body)).toBe(true);
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(body)).toBe(true);
    // index.html is below 1 KiB here: sent as it is.
    expect(existsSync(join(outDir, "index.html.br"))).toBe(false);
  });
});

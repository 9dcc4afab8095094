import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { build, type Plugin } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appBuildInputFiles, ensureAppBuild } from "./app-build.ts";

/** A small real app: a page, a script that shows its text and a VITE_ variable, and a locale file. */
async function writeProject(root: string, text: string): Promise<void> {
  await mkdir(join(root, "src"), { recursive: true });
  await mkdir(join(root, "locales"), { recursive: true });
  await writeFile(
    join(root, "index.html"),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.ts"></script></body></html>\n',
  );
  await writeFile(join(root, "src/main.ts"), mainScript(text));
  await writeFile(join(root, "locales/en_US.json"), '{ "title": "Stake" }\n');
}

const mainScript = (text: string) =>
  `document.body.append(${JSON.stringify(text)}, String(import.meta.env.VITE_GREETING));\n`;

/** The built script's text (the one hashed asset the page loads). */
async function builtScript(dir: string): Promise<string> {
  const html = await readFile(join(dir, "index.html"), "utf8");
  const src = /src="\/(assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  expect(src, html).toBeDefined();
  return readFile(join(dir, src as string), "utf8");
}

describe("the app build npm start serves", () => {
  let work: string;
  let root: string;
  let cacheDir: string;
  const lines: string[] = [];
  const ensure = (settings: Record<string, string> = { VITE_GREETING: "hello" }) =>
    ensureAppBuild({ root, cacheDir, settings, log: (line) => lines.push(line) });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "app-build-test-"));
    root = join(work, "project");
    cacheDir = join(work, "cache");
    await writeProject(root, "first version");
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it("builds on the first start, reuses the build while the inputs are unchanged and rebuilds when one changes", async () => {
    const first = await ensure();
    expect(first).toMatchObject({ dir: join(cacheDir, "app"), built: true, reason: "no earlier build" });
    expect(lines).toEqual([`Building the app into ${join(cacheDir, "app")} (no earlier build)...`]);
    expect(await builtScript(first.dir)).toContain("first version");
    const builtAt = (await stat(join(first.dir, "index.html"))).mtimeMs;

    lines.length = 0;
    const second = await ensure();
    expect(second.built).toBe(false);
    expect(second.reason).toMatch(/^its 3 input files are unchanged since \d{4}-\d\d-\d\dT/);
    expect(lines).toEqual([]);
    expect((await stat(join(second.dir, "index.html"))).mtimeMs).toBe(builtAt);

    // A test file is no input of the build.
    await writeFile(join(root, "src/main.test.ts"), "export {};\n");
    expect((await ensure()).built).toBe(false);

    await writeFile(join(root, "src/main.ts"), mainScript("second version"));
    const third = await ensure();
    expect(third).toMatchObject({ built: true, reason: "src/main.ts changed" });
    const script = await builtScript(third.dir);
    expect(script).toContain("second version");
    expect(script).not.toContain("first version");
    expect(await readdir(cacheDir)).toEqual(["app", "app-build.json"]);

    await writeFile(join(root, "locales/zh_CN.json"), '{ "title": "质押" }\n');
    await rm(join(root, "locales/en_US.json"));
    expect(await ensure()).toMatchObject({
      built: true,
      reason: "locales/en_US.json removed, locales/zh_CN.json added",
    });
  });

  it("rebuilds when a build setting changes, naming the variable but never its value", async () => {
    await ensure();
    const changed = await ensure({ VITE_GREETING: "secret-looking value" });
    expect(changed).toMatchObject({ built: true, reason: "build setting VITE_GREETING changed" });
    expect(await builtScript(changed.dir)).toContain("secret-looking value");
    expect(await readFile(join(cacheDir, "app-build.json"), "utf8")).not.toContain("secret-looking value");
  });

  it("never reuses a build that failed half way", async () => {
    await ensure();
    await writeFile(join(root, "src/main.ts"), "document.body.append(;\n");
    await expect(ensure()).rejects.toThrow();
    await writeFile(join(root, "src/main.ts"), mainScript("first version"));
    const after = await ensure();
    expect(after).toMatchObject({ built: true, reason: "no earlier build" });
    expect(await builtScript(after.dir)).toContain("first version");
  });
});

describe("the app build with the embedded wallet's secure frame", () => {
  it("builds the frame (secure/vite.config.ts) into the build's secure/ folder, and rebuilds when it changes", async () => {
    const work = await mkdtemp(join(tmpdir(), "app-build-secure-"));
    try {
      const root = join(work, "project");
      await writeProject(root, "the app");
      await mkdir(join(root, "secure"), { recursive: true });
      await writeFile(
        join(root, "secure/index.html"),
        '<!doctype html><html><body><main id="frame-root"></main><script type="module" src="./frame.ts"></script></body></html>\n',
      );
      await writeFile(join(root, "secure/frame.ts"), 'document.body.append("the frame");\n');
      // Like the project's: its own root and an output folder of its own, which the start's build replaces.
      await writeFile(
        join(root, "secure/vite.config.ts"),
        'export default { root: import.meta.dirname, base: "/", publicDir: false, build: { outDir: "../dist/secure" } };\n',
      );
      const cacheDir = join(work, "cache");
      const ensure = () => ensureAppBuild({ root, cacheDir, settings: {}, log: () => undefined });
      const first = await ensure();
      expect(await builtScript(first.dir)).toContain("the app");
      const frameHtml = await readFile(join(first.dir, "secure/index.html"), "utf8");
      const frameScript = /src="\/(assets\/index-[\w-]+\.js)"/.exec(frameHtml)?.[1];
      expect(frameScript, frameHtml).toBeDefined();
      expect(await readFile(join(first.dir, "secure", frameScript as string), "utf8")).toContain("the frame");
      expect(await readdir(join(root))).not.toContain("dist");

      await writeFile(join(root, "secure/frame.ts"), 'document.body.append("the frame, changed");\n');
      const second = await ensure();
      expect(second).toMatchObject({ built: true, reason: "secure/frame.ts changed" });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("the inputs hashed for the app build", () => {
  it("include every project file the devnet build of the app reads", async () => {
    const root = resolve(import.meta.dirname, "..");
    const read = new Set<string>();
    const collect: Plugin = {
      name: "collect-module-ids",
      buildEnd() {
        for (const id of this.getModuleIds()) read.add(id);
      },
    };
    const saved = { ...process.env };
    Object.assign(process.env, { VITE_APP_ENVIRONMENT: "devnet", DEVNET_WALLET: "1", NODE_ENV: "production" });
    try {
      await build({ root, mode: "production", logLevel: "silent", plugins: [collect], build: { write: false } });
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
    const projectFiles = [...read]
      .map((id) => id.split("?")[0] as string)
      .filter((path) => path.startsWith(`${root}/`) && !path.includes("/node_modules/"))
      .map((path) => relative(root, path));
    // The app's own modules, the Devnet Wallet and the page itself.
    expect(projectFiles).toEqual(
      expect.arrayContaining(["index.html", "src/main.tsx", "devnet/wallet/inject-devnet-wallet.ts"]),
    );
    const hashed = new Set(appBuildInputFiles(root));
    expect(projectFiles.filter((file) => !hashed.has(file))).toEqual([]);
  }, 120_000);
});

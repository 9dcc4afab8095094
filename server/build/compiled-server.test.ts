import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build, parseAst } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShareCipher, shareKeyBytes } from "../embedded-wallet/share-cipher.ts";
import { openStorage } from "../storage/database.ts";
import { embeddedWalletUsers } from "../storage/schema.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CONFIG = join(ROOT, "server", "build", "vite.server.config.ts");
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { dev?: boolean }>;
};

/** Packages the lockfile installs only for development: absent where `npm install --omit=dev` ran. */
function devOnlyPackages(): string[] {
  const dev = new Map<string, boolean>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    const name = path.split("node_modules/").at(-1);
    if (!path || !name) continue;
    dev.set(name, (dev.get(name) ?? true) && entry.dev === true);
  }
  return [...dev].filter(([, only]) => only).map(([name]) => name);
}

/** Refuses, at run time, to load any package the lockfile marks dev-only (loaded with --import, not a compiler). */
const GUARD_HOOKS = `
let devOnly = new Set();
export function initialize(data) { devOnly = new Set(data.devOnly); }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const name = result.url.split("/node_modules/").at(-1)?.match(/^(@[^/]+\\/[^/]+|[^/]+)/)?.[1];
  if (result.url.includes("/node_modules/") && name && devOnly.has(name))
    throw new Error("the compiled server loaded the dev-only package " + name);
  return result;
}`;

// An installation as production has it: the bundle, package.json and node_modules, without the sources,
// codegen, src/generated or tsx's loader.
const install = mkdtempSync(join(tmpdir(), "compiled-server-"));
const outDir = join(install, "dist-server");
let server: ChildProcess | undefined;

beforeAll(async () => {
  await build({ configFile: CONFIG, logLevel: "silent", build: { outDir } });
  writeFileSync(join(install, "package.json"), JSON.stringify({ type: "module" }));
  symlinkSync(join(ROOT, "node_modules"), join(install, "node_modules"), "dir");
  mkdirSync(join(install, "dist"));
  writeFileSync(join(install, "dist", "index.html"), "<!doctype html><title>app</title><div id=root></div>");
  writeFileSync(join(install, "guard-hooks.mjs"), GUARD_HOOKS);
  writeFileSync(
    join(install, "guard.mjs"),
    `import { register } from "node:module";\nregister("./guard-hooks.mjs", import.meta.url, { data: { devOnly: ${JSON.stringify(devOnlyPackages())} } });\n`,
  );
}, 120_000);
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGKILL");
    await exited;
  }
  rmSync(install, { recursive: true, force: true });
});

/** Every module specifier the bundle's files import, statically or dynamically. */
function importedSpecifiers(): string[] {
  const specifiers = new Set<string>();
  const files = readdirSync(outDir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"));
  for (const file of files) {
    const visit = (node: unknown): void => {
      if (!node || typeof node !== "object") return;
      const { type, source } = node as { type?: string; source?: { type?: string; value?: unknown } };
      const isImport = ["ImportDeclaration", "ExportNamedDeclaration", "ExportAllDeclaration", "ImportExpression"];
      if (type && isImport.includes(type) && source && typeof source.value === "string") specifiers.add(source.value);
      for (const value of Object.values(node)) visit(value);
    };
    visit(parseAst(readFileSync(join(outDir, file), "utf8")));
  }
  return [...specifiers].sort();
}

const packageOf = (specifier: string) => specifier.match(/^(@[^/]+\/[^/]+|[^/]+)/)?.[1] ?? specifier;
const isBuiltin = (specifier: string) =>
  specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0] ?? "");

describe("the compiled production server (npm run build:server)", () => {
  it("imports nothing but Node's built-ins, its own files and the package's dependencies", () => {
    const specifiers = importedSpecifiers();
    const packages = [...new Set(specifiers.filter((s) => !s.startsWith(".") && !isBuiltin(s)).map(packageOf))];
    expect(packages).toContain("fastify");
    expect(packages.filter((name) => !(name in manifest.dependencies))).toEqual([]);
    expect(packages.filter((name) => name in manifest.devDependencies)).toEqual([]);
    expect(specifiers.filter((s) => /\.tsx?$/.test(s) || /src\/generated|codegen/.test(s))).toEqual([]);
  });

  it("starts with plain node, without tsx, codegen or the sources, and serves the API and the app", async () => {
    expect(devOnlyPackages()).toEqual(expect.arrayContaining(["tsx", "vite", "vitest", "playwright-core"]));
    server = spawn(process.execPath, ["--import", "./guard.mjs", "dist-server/main.js"], {
      cwd: install,
      // Nothing inherited: no NODE_OPTIONS (tsx), no test runner settings.
      env: {
        PATH: process.env.PATH,
        HOST: "127.0.0.1",
        PORT: "0",
        SERVE_KINDS: "devnet",
        INDEXER: "off",
        DATA_DIR: "memory://",
        SERVE_APP_DIR: "dist",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const started = new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const listening = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
        if (listening?.[1]) resolve(listening[1]);
      };
      server?.stdout?.on("data", read);
      server?.stderr?.on("data", read);
      server?.once("exit", (code) => reject(new Error(`the server exited with ${code} before listening:\n${output}`)));
    });
    const url = await started;

    expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: "ok" });
    expect(await (await fetch(`${url}/docs/json`)).json()).toMatchObject({ openapi: "3.1.0" });
    const page = await fetch(`${url}/ethereum`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<div id=root>");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    // Deposit data is derived and signed on a key thread: its module must be in the bundle and start under node.
    const stake = await fetch(`${url}/deposit-data`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        owner: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
        network: "ethereum",
        environment: "devnet",
        credentialType: "0x01",
        validatorCount: 2,
        idempotencyKey: "compiled-server-key-thread-check",
      }),
    });
    expect(stake.status).toBe(201);
    const { depositData } = (await stake.json()) as { depositData: { pubkey: string; amount: number }[] };
    expect(depositData.map((entry) => entry.amount)).toEqual([32_000_000_000, 32_000_000_000]);
    expect(new Set(depositData.map((entry) => entry.pubkey)).size).toBe(2);
    expect(output).not.toMatch(/codegen|dev-only package/);

    const exited = new Promise<number | null>((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("rotates the embedded wallet's share key with plain node: wallet:rotate-share-key", async () => {
    const run = (args: string[], env: NodeJS.ProcessEnv) =>
      promisify(execFile)(process.execPath, ["--import", "./guard.mjs", "dist-server/main.js", ...args], {
        cwd: install,
        env: { PATH: process.env.PATH, DATA_DIR: join(install, "pglite"), ...env },
        timeout: 60_000,
      }).then(
        (result) => ({ code: 0, ...result }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const rotating = {
      EMBEDDED_WALLET_SHARE_KEY: "b2".repeat(32),
      EMBEDDED_WALLET_SHARE_KEYS_PREVIOUS: "a1".repeat(32),
    };
    const done = (rewrapped: number, current: number) =>
      `Done: ${rewrapped} rewrapped, 0 unreadable, ${current} shares under share key 55c2725c3569415a`;

    const badBatch = await run(["wallet:rotate-share-key", "--batch-size", "0"], rotating);
    expect(badBatch).toMatchObject({ code: 2, stdout: "" });
    expect(badBatch.stderr).toContain("--batch-size: expected a positive whole number of users (got 0)");
    const noKey = await run(["wallet:rotate-share-key"], {});
    expect(noKey).toMatchObject({ code: 2, stdout: "" });
    expect(noKey.stderr).toContain("EMBEDDED_WALLET_SHARE_KEY: required");
    const unknown = await run(["wallet:rotate-share-keys"], rotating);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "wallet:rotate-share-keys"');

    // The compiled command creates the database itself: the bundle finds its migrations.
    const empty = await run(["wallet:rotate-share-key"], rotating);
    expect(empty).toMatchObject({ code: 0, stderr: "" });
    expect(empty.stdout).toContain(done(0, 0));

    // One wallet whose share the server wrote under the previous key.
    const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const storage = await openStorage({ dataDir: join(install, "pglite") });
    await storage.db.insert(embeddedWalletUsers).values({
      id: "user-under-old-key",
      email: "old-key@example.org",
      address,
      serverShare: new ShareCipher(shareKeyBytes("a1".repeat(32))).encrypt("1:share", "user-under-old-key", address),
    });
    await storage.close();

    const first = await run(["wallet:rotate-share-key", "--batch-size", "1"], rotating);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toContain("under share key 55c2725c3569415a, 1 users a batch");
    expect(first.stdout).toContain("  1 rewrapped, 0 unreadable so far");
    expect(first.stdout).toContain(done(1, 1));
    const again = await run(["wallet:rotate-share-key"], rotating);
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect(again.stdout).toContain(done(0, 1));
    for (const { stdout, stderr } of [badBatch, noKey, empty, first, again])
      expect(stdout + stderr).not.toMatch(/a1a1a1a1|b2b2b2b2|1:share/);

    const after = await openStorage({ dataDir: join(install, "pglite") });
    try {
      const [row] = await after.db.select().from(embeddedWalletUsers);
      expect(row?.serverShare?.startsWith("v2:55c2725c3569415a:")).toBe(true);
      const newKeyOnly = new ShareCipher(shareKeyBytes("b2".repeat(32)));
      expect(newKeyOnly.decrypt(row?.serverShare ?? "", "user-under-old-key", address)).toBe("1:share");
    } finally {
      await after.close();
    }
  }, 120_000);
});

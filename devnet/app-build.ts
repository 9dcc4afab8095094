/**
 * The production build of the app that `npm start` serves, built on the first start and reused while its inputs
 * are unchanged. Beside the build, a manifest keeps a content hash of every input file and of the build settings
 * (VITE_* variables); a start compares them with the working tree and either reuses the build or rebuilds, saying
 * which input changed.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { build } from "vite";

/**
 * What a build of the app reads, relative to the project root: the sources (with src/generated/), the contracts'
 * ABIs, the Devnet Wallet, the config codegen reads, the page, the build config and the lockfile (which stands for
 * node_modules), and the .env files Vite loads. Folders are read whole, except test files.
 */
export const APP_BUILD_INPUTS = [
  "index.html",
  "vite.config.ts",
  "secure",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "src",
  "contracts/generated",
  "devnet/wallet",
  "networks",
  "schemas",
  "locales",
  "public",
  ".env",
  ".env.local",
  ".env.production",
  ".env.production.local",
] as const;

const TEST_FILE = /\.test\.tsx?$/;

/** The manifest stored beside the build: per input file and per build setting, a content hash. */
interface BuildManifest {
  readonly builtAt: string;
  readonly files: Readonly<Record<string, string>>;
  readonly settings: Readonly<Record<string, string>>;
}

export interface AppBuildOptions {
  /** The project root (where index.html and vite.config.ts are). */
  readonly root: string;
  /** Where the build (app/) and its manifest (app-build.json) live. */
  readonly cacheDir: string;
  /** Variables the build is made with (VITE_APP_ENVIRONMENT, DEVNET_WALLET, ...), on top of the process's VITE_*. */
  readonly settings: Readonly<Record<string, string>>;
  /** Where progress lines go. */
  readonly log: (line: string) => void;
}

export interface AppBuild {
  /** The built app (index.html and assets/). */
  readonly dir: string;
  /** True when this start built it, false when an earlier build was reused. */
  readonly built: boolean;
  /** Why it was built or reused, for the console. */
  readonly reason: string;
}

const digest = (data: string | Buffer) => createHash("sha256").update(data).digest("base64url");

function listInputFiles(root: string, input: string): string[] {
  const path = join(root, input);
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [input];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !TEST_FILE.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"));
}

/** Every file the build reads, relative to root with "/" separators, sorted. */
export function appBuildInputFiles(root: string): string[] {
  return APP_BUILD_INPUTS.flatMap((input) => listInputFiles(root, input)).sort();
}

/** The fixed settings plus every VITE_* variable of the process (Vite puts those into the app). */
function buildSettings(fixed: Readonly<Record<string, string>>): Record<string, string> {
  const fromProcess = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[0].startsWith("VITE_") && entry[1] !== undefined,
  );
  return { ...Object.fromEntries(fromProcess), ...fixed };
}

function currentManifest(root: string, settings: Readonly<Record<string, string>>): BuildManifest {
  const files = Object.fromEntries(
    appBuildInputFiles(root).map((file) => [file, digest(readFileSync(join(root, file)))]),
  );
  // Only hashes of the values are stored: the manifest names a variable, never its value.
  const hashed = Object.fromEntries(Object.entries(settings).map(([name, value]) => [name, digest(value)]));
  return { builtAt: new Date().toISOString(), files, settings: hashed };
}

function differences(before: Readonly<Record<string, string>>, now: Readonly<Record<string, string>>): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
  return names.flatMap((name) => {
    if (before[name] === now[name]) return [];
    if (before[name] === undefined) return [`${name} added`];
    if (now[name] === undefined) return [`${name} removed`];
    return [`${name} changed`];
  });
}

/** Why the stored build cannot be reused, or undefined when it can. */
function staleReason(previous: BuildManifest | undefined, current: BuildManifest, appDir: string): string | undefined {
  if (!previous) return "no earlier build";
  if (!existsSync(join(appDir, "index.html"))) return "the earlier build is incomplete";
  const changes = [
    ...differences(previous.files, current.files),
    ...differences(previous.settings, current.settings).map((change) => `build setting ${change}`),
  ];
  if (changes.length === 0) return undefined;
  const shown = changes.slice(0, 3).join(", ");
  return changes.length > 3 ? `${shown} and ${changes.length - 3} more` : shown;
}

async function readManifest(path: string): Promise<BuildManifest | undefined> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as BuildManifest;
  } catch {
    return undefined;
  }
}

/** The embedded wallet's secure frame: a second Vite build (its config), served from the build's secure/ folder. */
const SECURE_FRAME_CONFIG = "secure/vite.config.ts";

/**
 * Builds the app with Vite into outDir, as `npm run build` does but without source maps, and the secure frame
 * (when the project has one) into outDir/secure, which the staking server serves on the secure origin only.
 */
async function viteBuild(root: string, outDir: string, settings: Readonly<Record<string, string>>): Promise<void> {
  const saved = { ...process.env };
  // A test runner's NODE_ENV=test would make Vite bundle React's development build.
  Object.assign(process.env, settings, { NODE_ENV: "production" });
  try {
    await build({
      root,
      mode: "production",
      logLevel: "error",
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
    const secureConfig = join(root, SECURE_FRAME_CONFIG);
    if (existsSync(secureConfig))
      await build({
        configFile: secureConfig,
        mode: "production",
        logLevel: "error",
        build: { outDir: join(outDir, "secure"), emptyOutDir: true, sourcemap: false },
      });
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
}

/**
 * Returns the app's production build in cacheDir/app: the stored one when every input and setting hashes as it
 * did, else a new one. The new build is written beside the old and moved in place when complete, and the
 * manifest is written last, so an interrupted build is never taken for a good one.
 */
export async function ensureAppBuild(options: AppBuildOptions): Promise<AppBuild> {
  const dir = join(options.cacheDir, "app");
  const manifestPath = join(options.cacheDir, "app-build.json");
  const settings = buildSettings(options.settings);
  const current = currentManifest(options.root, settings);
  const previous = await readManifest(manifestPath);
  const reason = staleReason(previous, current, dir);
  if (reason === undefined) {
    const count = Object.keys(current.files).length;
    return { dir, built: false, reason: `its ${count} input files are unchanged since ${previous?.builtAt}` };
  }
  options.log(`Building the app into ${dir} (${reason})...`);
  const partial = join(options.cacheDir, "app.partial");
  await mkdir(options.cacheDir, { recursive: true });
  await rm(manifestPath, { force: true });
  await rm(partial, { recursive: true, force: true });
  await viteBuild(options.root, partial, settings);
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
  await writeFile(manifestPath, `${JSON.stringify(current, null, 2)}\n`);
  return { dir, built: true, reason };
}

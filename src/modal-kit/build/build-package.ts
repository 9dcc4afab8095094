/**
 * `npm run build:kit [-- --out-dir DIR]`: the modal kit as a package a host installs (`npm install ./dist-kit`
 * or the tarball `npm pack` makes of it). It writes, into dist-kit/ by default:
 * - `index.js` and `chunks/*.js`: the kit as ES modules, its lazy parts (the modal, Account, Send, ...) still
 *   split, the packages the host provides left as imports (PEERS) and everything else bundled in;
 * - `vite-plugin.js`: the build plugin hosts that bundle with Vite add (narrowViemDynamicImports);
 * - `types/`: type declarations (TypeScript's own compiler), only the files the entry points reach;
 * - `styles.css`: all of the kit's CSS;
 * - `locales/<language>.json`: the kit's texts (`modalKit` of the app's locale files) for the host's i18next;
 * - `README.md` (src/modal-kit/README.md) and a generated `package.json`.
 * The output depends only on the sources: two builds of the same commit are byte for byte the same.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const KIT = join(ROOT, "src/modal-kit");

/** The package's name, as a host's package.json and imports write it. */
export const KIT_PACKAGE_NAME = "@stake-app/modal-kit";

/** What the host provides (the kit and the host must share one React, one wagmi config, one i18next). */
export const PEERS = ["react", "react-dom", "wagmi", "viem", "@tanstack/react-query", "i18next", "react-i18next"];
/** Peers a host needs only for one part: WalletConnect (a projectId set) and the Vite plugin. */
export const OPTIONAL_PEERS = ["@walletconnect/ethereum-provider", "vite"];

const isPeerImport = (specifier: string) =>
  [...PEERS, ...OPTIONAL_PEERS].some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Entry points: file in the package → source. */
const ENTRIES = {
  index: join(KIT, "index.ts"),
  "vite-plugin": join(KIT, "build/narrow-viem-dynamic-imports.ts"),
};
/** Declaration files of the entries, inside types/ (tsc keeps src/'s layout, src/core being part of the kit). */
const ENTRY_TYPES = {
  index: "types/modal-kit/index.d.ts",
  "vite-plugin": "types/modal-kit/build/narrow-viem-dynamic-imports.d.ts",
};

/** Every import specifier a file's code names (static, dynamic and re-exports). */
const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)["']([^"'\n]+)["']/gm;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

function removeEmptyDirs(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) removeEmptyDirs(join(dir, entry.name));
  if (readdirSync(dir).length === 0) rmdirSync(dir);
}

function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${[command, ...args].join(" ")} exited with ${code}`)),
    );
  });
}

/** The kit's JavaScript and CSS, ES modules with the peers left as imports. */
async function buildJavaScript(outDir: string): Promise<void> {
  await build({
    root: ROOT,
    configFile: false,
    envDir: false,
    logLevel: "warn",
    mode: "production",
    plugins: [react()],
    // Test hooks of the app's own builds (VITE_EXPOSE_*) never reach the package, whatever the environment.
    define: { "import.meta.env.VITE_EXPOSE_EMBEDDED_WALLET": "undefined" },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: "es2022",
      // Readable modules; the host's bundler minifies them with its own code.
      minify: false,
      lib: { entry: ENTRIES, formats: ["es"], fileName: (_format, name) => `${name}.js`, cssFileName: "styles" },
      rolldownOptions: {
        external: isPeerImport,
        output: { chunkFileNames: "chunks/[name]-[hash].js" },
      },
    },
  });
}

/**
 * Declarations by TypeScript's compiler (the native tsc; nothing loads TypeScript's JS API). Without its type
 * check (`--noCheck` emits the same files in about two thirds of the time): `npm run typecheck` checks the kit.
 */
async function buildDeclarations(outDir: string): Promise<void> {
  const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin/tsc");
  await run(process.execPath, [
    tsc,
    "-p",
    join(KIT, "build/tsconfig.declarations.json"),
    "--outDir",
    join(outDir, "types"),
    "--noCheck",
  ]);
}

/**
 * Makes the declarations a host can read: relative imports name the `.js` files (tsc keeps the sources' `.ts`),
 * only the files the entry points reach stay, and those import nothing but the peers.
 */
export function finishDeclarations(outDir: string): void {
  const typesDir = join(outDir, "types");
  const files = filesUnder(typesDir);
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace(/(["'])(\.{1,2}\/[^"']+)\.tsx?\1/g, "$1$2.js$1"));
  }
  const reached = new Set<string>();
  const problems: string[] = [];
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    if (!existsSync(file)) {
      problems.push(`${relative(outDir, file)} is imported but was not emitted`);
      return;
    }
    for (const [, specifier = ""] of readFileSync(file, "utf8").matchAll(IMPORT_SPECIFIER)) {
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier.replace(/\.js$/, ".d.ts")));
      else if (!isPeerImport(specifier))
        problems.push(`${relative(outDir, file)} imports ${specifier}, which is not a peer dependency`);
    }
  };
  for (const entry of Object.values(ENTRY_TYPES)) visit(join(outDir, entry));
  if (problems.length > 0) throw new Error(`The kit's declarations are not self-contained:\n${problems.join("\n")}`);
  for (const file of files) if (!reached.has(file)) rmSync(file);
  removeEmptyDirs(typesDir);
}

/** The JavaScript imports only its own files and the peers (zod, qr and src/core are bundled in). */
export function checkJavaScriptImports(outDir: string): void {
  const problems = filesUnder(outDir)
    .filter((file) => file.endsWith(".js"))
    .flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(IMPORT_SPECIFIER)]
        .map((match) => match[1] ?? "")
        .filter((specifier) => !specifier.startsWith(".") && !isPeerImport(specifier))
        .map((specifier) => `${relative(outDir, file)} imports ${specifier}, which is neither bundled nor a peer`),
    );
  if (problems.length > 0) throw new Error(`The kit's JavaScript is not self-contained:\n${problems.join("\n")}`);
}

/** `locales/<language>.json` with the kit's part (`modalKit`) of each of the app's locale files. */
function writeLocales(outDir: string): string[] {
  const languages = readdirSync(join(ROOT, "locales"))
    .filter((name) => name.endsWith(".json"))
    .sort();
  mkdirSync(join(outDir, "locales"), { recursive: true });
  for (const name of languages) {
    const texts = JSON.parse(readFileSync(join(ROOT, "locales", name), "utf8")) as { modalKit?: unknown };
    if (!texts.modalKit) throw new Error(`locales/${name} has no "modalKit" texts for the kit`);
    writeFileSync(join(outDir, "locales", name), `${JSON.stringify({ modalKit: texts.modalKit }, null, 2)}\n`);
  }
  return languages.map((name) => name.replace(/\.json$/, ""));
}

interface RootPackage {
  readonly version: string;
  readonly license?: string;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
}

/** The package's package.json: version and peer ranges from the repository's own package.json. */
export function kitPackageJson(root: RootPackage): Record<string, unknown> {
  const range = (name: string) => {
    const found = root.dependencies?.[name] ?? root.devDependencies?.[name];
    if (!found) throw new Error(`package.json does not depend on ${name}, which the kit needs from its host`);
    return found;
  };
  return {
    name: KIT_PACKAGE_NAME,
    version: root.version,
    description:
      "Wallet-connection modal kit: connect a wallet (browser, pairing, e-mail or social login), see the account, send and register a name.",
    license: root.license ?? "MIT",
    type: "module",
    main: "./index.js",
    module: "./index.js",
    types: `./${ENTRY_TYPES.index}`,
    exports: {
      ".": { types: `./${ENTRY_TYPES.index}`, default: "./index.js" },
      "./styles.css": "./styles.css",
      "./locales/*": "./locales/*",
      "./vite-plugin": { types: `./${ENTRY_TYPES["vite-plugin"]}`, default: "./vite-plugin.js" },
      "./package.json": "./package.json",
    },
    sideEffects: ["*.css"],
    peerDependencies: Object.fromEntries([...PEERS, ...OPTIONAL_PEERS].sort().map((name) => [name, range(name)])),
    peerDependenciesMeta: Object.fromEntries([...OPTIONAL_PEERS].sort().map((name) => [name, { optional: true }])),
  };
}

export interface BuiltKitPackage {
  readonly outDir: string;
  readonly languages: readonly string[];
  readonly seconds: number;
}

/** Builds the package into `outDir` (emptied first). */
export async function buildKitPackage(outDir: string = join(ROOT, "dist-kit")): Promise<BuiltKitPackage> {
  const started = performance.now();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  // vitest and some shells set NODE_ENV; the package is the same whatever it says.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await Promise.all([buildJavaScript(outDir), buildDeclarations(outDir)]);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  finishDeclarations(outDir);
  checkJavaScriptImports(outDir);
  const languages = writeLocales(outDir);
  writeFileSync(join(outDir, "README.md"), readFileSync(join(KIT, "README.md")));
  const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as RootPackage;
  writeFileSync(join(outDir, "package.json"), `${JSON.stringify(kitPackageJson(root), null, 2)}\n`);
  return { outDir, languages, seconds: (performance.now() - started) / 1000 };
}

/** `--out-dir DIR` (relative to the current directory), else dist-kit/ at the repository's root. */
function outDirFromArgs(args: readonly string[]): string | undefined {
  const at = args.indexOf("--out-dir");
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith("--"))
    throw new Error("--out-dir needs a directory: npm run build:kit -- --out-dir DIR");
  return resolve(value);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const built = await buildKitPackage(outDirFromArgs(process.argv.slice(2)));
    console.log(
      `${KIT_PACKAGE_NAME}: ${relative(process.cwd(), built.outDir) || "."} (locales ${built.languages.join(", ")}) in ${built.seconds.toFixed(1)} s`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

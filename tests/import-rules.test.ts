import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const SRC = join(ROOT, "src");
const IMPORT = /(?:from\s+|import\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g;
/** Every local import: `import … from`, `export … from`, `import "…"` and `import("…")`. */
const ANY_LOCAL_IMPORT = /(?:\bfrom\s+|^\s*import\s+|\bimport\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
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

/** [importing file, imported file], both relative to the repository root, for every file under the given folders. */
function repositoryImports(...folders: string[]): [string, string][] {
  return folders
    .filter((folder) => existsSync(join(ROOT, folder)))
    .flatMap((folder) => sourceFiles(join(ROOT, folder)))
    .flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(ANY_LOCAL_IMPORT)].map((match): [string, string] => [
        relative(ROOT, file),
        relative(ROOT, resolve(dirname(file), match[1] ?? "")),
      ]),
    );
}

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/**
 * npm packages the core may import: they run unchanged in browsers, workers and Node (no DOM, no Node built-ins).
 * A package (or a subpath of one) not listed here fails the test; never react, react-dom or a `node:` module.
 */
const CORE_PACKAGES = ["zod", "viem", "@noble/curves", "@noble/hashes", "@chainsafe/ssz", "bls-eth-wasm"];
const corePackage = (specifier: string) =>
  CORE_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Every import specifier of a file, local or not, as written. */
const ANY_IMPORT = /(?:\bfrom\s+|^\s*import\s+|\bimport\s*\(\s*)["']([^"']+)["']/gm;

/** Files of the core's modules (its tests may read fixtures from devnet/ and tests/support/, and use node:). */
const coreModules = () =>
  sourceFiles(join(SRC, "core")).filter((file) => !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"));

/**
 * The families' config requirements (src/families/requirements.ts and src/families/<family>/requirements.ts):
 * plain data that codegen reads before src/generated/ exists, so they import only each other.
 */
const isRequirementsFile = (path: string) => /^src\/families\/([a-z0-9-]+\/)?requirements\.ts$/.test(path);

/**
 * Files outside src/ that may import more of src/ than the core and src/generated, each for its reason:
 * - a server test that sends a real stake transaction the way the app builds it;
 * - a server test that splits and joins an embedded wallet key the way the secure frame does;
 * - the benchmarks that load the kit (its pages and the build scripts that bundle it) or the app's deposit
 *   verification worker in Chromium.
 */
const SRC_IMPORT_EXCEPTIONS: readonly (readonly [string, string])[] = [
  ["server/indexer/pending-deposits.test.ts", "src/families/ethereum-beacon/build-stake.ts"],
  ["server/embedded-wallet/share-replacement.test.ts", "src/secure-frame/keys/shamir.ts"],
  // The Devnet Wallet runs in the devnet build's page, which tells it the stack's RPC URLs at run time.
  ["devnet/wallet/inject-devnet-wallet.ts", "src/lib/runtime-config.ts"],
];
const BROWSER_BENCHMARKS = [
  "bench/modal-kit",
  "bench/deposit-verification/entry.ts",
  "bench/ssv-keyshares-verification/entry.ts",
];

/** "app", "features/home", "components", "lib", "core", "generated", or the top folder. */
function layerOf(path: string): string {
  const [top, second] = path.split("/");
  return top === "features" ? `features/${second}` : (top ?? "");
}

/**
 * The one devnet file that runs the server: `npm start` (devnet/start-stack.ts) starts the staking server, its
 * secure origin, indexer and validator key handoff against the devnet's chains.
 */
const DEVNET_RUNS_THE_SERVER = "devnet/stack.ts";

/** The one file outside server/routes/ that imports a route file: server/app.ts, which registers them. */
const REGISTERS_THE_ROUTES = "server/app.ts";

describe("import rules (docs/architecture.md)", () => {
  it("keeps features independent and imports flowing app → features → components/lib → core → generated", () => {
    const imports = localImports();
    expect(imports.length).toBeGreaterThan(50);
    const broken = imports.filter(([from, to]) => {
      const source = layerOf(from);
      const target = layerOf(to);
      if (source === target) return false;
      if (source.startsWith("features/")) return target === "app" || target.startsWith("features/");
      if (source === "components" || source === "lib") return target === "app" || target.startsWith("features/");
      // Inside src/, the core imports only itself and src/generated (its tests may read devnet/ and tests/ fixtures).
      if (source === "core") return !target.startsWith("..") && target !== "generated";
      if (source === "generated") return target !== "generated";
      return false;
    });
    expect(broken.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });

  it("imports local TypeScript files with their extension", () => {
    const missing = localImports().filter(([, to]) => !/\.(tsx?|css|json)(\?[a-z-]+)?$/.test(to));
    expect(missing.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });

  it("keeps src/core/ pure: its modules import only src/core/, src/generated/ and the packages that run everywhere", () => {
    const files = coreModules();
    expect(files.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(ANY_IMPORT)) {
        const specifier = match[1] ?? "";
        const allowed = specifier.startsWith(".")
          ? [join(SRC, "core"), join(SRC, "generated")].some((dir) =>
              resolve(dirname(file), specifier).startsWith(`${dir}/`),
            )
          : corePackage(specifier);
        if (!allowed) problems.push(`${relative(ROOT, file)} imports ${specifier}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("keeps the families' requirements plain data: they import only each other, so codegen can read them", () => {
    const files = sourceFiles(join(SRC, "families")).filter((file) => isRequirementsFile(relative(ROOT, file)));
    expect(files.length).toBeGreaterThanOrEqual(4);
    const problems = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(ANY_IMPORT)]
        .map((match) => match[1] ?? "")
        .filter(
          (specifier) =>
            !specifier.startsWith(".") || !isRequirementsFile(relative(ROOT, resolve(dirname(file), specifier))),
        )
        .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
    );
    expect(problems).toEqual([]);
  });

  it("lets a family's code import no screen: only its family object names feature screens, lazily, and only src/app reads the registry", () => {
    const imports = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(ANY_LOCAL_IMPORT)].map((match) => ({
        from: relative(SRC, file),
        to: relative(SRC, resolve(dirname(file), match[1] ?? "")),
        lazy: /^import\s*\(/.test(match[0]),
      })),
    );
    /** The family folder a file is in ("delegation-pool"), or undefined for the shared files and the registry. */
    const folderOf = (path: string) => (/^families\/([a-z0-9-]+)\//.exec(path) ?? [])[1];
    const familyObject = (path: string) => /^families\/[a-z0-9-]+\/index\.ts$/.test(path);
    const broken = imports.filter(({ from, to, lazy }) => {
      if (under(from, "families")) {
        const target = layerOf(to);
        if (target === "app" || target === "components") return true;
        if (target.startsWith("features/")) return !(familyObject(from) && lazy);
        // One family's code never imports another's; the registry imports each family object.
        return folderOf(from) !== undefined && folderOf(to) !== undefined && folderOf(from) !== folderOf(to);
      }
      // The registry and the family objects hold every family's screens: only the routes read them.
      return (to === "families/index.ts" || familyObject(to)) && layerOf(from) !== "app" && !under(from, "families");
    });
    expect(imports.some(({ from, to }) => from.startsWith("app/") && to === "families/index.ts")).toBe(true);
    expect(imports.some(({ from, lazy }) => familyObject(from) && lazy)).toBe(true);
    expect(broken.map(({ from, to, lazy }) => `${from} imports ${to}${lazy ? " (lazily)" : ""}`)).toEqual([]);
  });

  it("lets server/, devnet/, codegen/ and bench/ import from src/ only src/core/ and src/generated/ (exceptions listed)", () => {
    const imports = repositoryImports("server", "devnet", "codegen", "bench");
    expect(imports.some(([, to]) => under(to, "src/core"))).toBe(true);
    const broken = imports.filter(
      ([from, to]) =>
        under(to, "src") &&
        !under(to, "src/core") &&
        !under(to, "src/generated") &&
        !(under(from, "codegen") && isRequirementsFile(to)) &&
        !BROWSER_BENCHMARKS.some((bench) => under(from, bench)) &&
        !SRC_IMPORT_EXCEPTIONS.some(([file, target]) => from === file && to === target),
    );
    expect(broken.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });

  it("keeps server/ and devnet/ apart: only npm start's stack (devnet/stack.ts) imports the server; tests that need both go through tests/support/", () => {
    const imports = repositoryImports("server", "devnet");
    expect(imports.some(([from]) => under(from, "server"))).toBe(true);
    expect(imports.some(([from]) => under(from, "devnet"))).toBe(true);
    const broken = imports.filter(
      ([from, to]) =>
        (under(from, "server") && under(to, "devnet")) ||
        (under(from, "devnet") && under(to, "server") && from !== DEVNET_RUNS_THE_SERVER),
    );
    expect(broken.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });

  it("lets only server/app.ts import server/routes/: what routes and other code share lives outside it", () => {
    const imports = repositoryImports("src", "server", "devnet", "codegen", "contracts", "tests", "bench");
    expect(imports.some(([from, to]) => from === REGISTERS_THE_ROUTES && under(to, "server/routes"))).toBe(true);
    const broken = imports.filter(
      ([from, to]) => under(to, "server/routes") && !under(from, "server/routes") && from !== REGISTERS_THE_ROUTES,
    );
    expect(broken.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });

  it("keeps test helpers in tests/support/: server/testing/ is gone and nothing imports it", () => {
    expect(existsSync(join(ROOT, "server/testing"))).toBe(false);
    const imports = repositoryImports("src", "server", "devnet", "codegen", "contracts", "tests", "bench");
    const broken = imports.filter(([, to]) => under(to, "server/testing"));
    expect(broken.map(([from, to]) => `${from} imports ${to}`)).toEqual([]);
  });

  it("has one freePort (devnet/free-port.ts) and one startAnvil (devnet/start-anvil.ts, wrapped by tests/support/anvil.ts)", () => {
    const definitions = ["src", "server", "devnet", "codegen", "contracts", "tests", "bench"]
      .filter((folder) => existsSync(join(ROOT, folder)))
      .flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .flatMap((file) =>
        [
          ...readFileSync(file, "utf8").matchAll(
            /\bfunction\s+(freePort|startAnvil|anvilBinaryPath)\b|anvil-linux-amd64/g,
          ),
        ].map((match) => `${relative(ROOT, file)}: ${match[1] ?? match[0]}`),
      )
      .filter((line) => !line.startsWith("tests/import-rules.test.ts:"));
    expect(definitions.sort()).toEqual([
      "devnet/free-port.ts: freePort",
      "devnet/start-anvil.ts: anvilBinaryPath",
      "devnet/start-anvil.ts: startAnvil",
      "tests/support/anvil.ts: startAnvil",
    ]);
  });
});

import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { build } from "vite";

const ROOT = resolve(import.meta.dirname, "../../..");
const COPIED = [
  "index.html",
  "vite.config.ts",
  "tsconfig.json",
  "package.json",
  "networks",
  "schemas",
  "locales",
  "codegen",
  "devnet",
  "contracts/generated",
  // The server writes Safe batch files with the deploy tool's writer.
  "contracts/deploy/safe-batch-file.ts",
  "server",
];

/**
 * A throwaway copy of the project an operator edits (networks/, the app and the server, node_modules linked),
 * as a fresh checkout would be; remove it with `rm(root, { recursive: true })`.
 */
export async function copyProject(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "stake-project-"));
  for (const path of COPIED) await cp(join(ROOT, path), join(root, path), { recursive: true });
  await cp(join(ROOT, "src"), join(root, "src"), {
    recursive: true,
    filter: (source) => !source.includes(`${join("src", "generated")}`),
  });
  await symlink(join(ROOT, "node_modules"), join(root, "node_modules"), "dir");
  return root;
}

/** Edits one JSON file of the copy in place, as an operator would by hand. */
export async function editJson<T>(path: string, edit: (value: T) => void): Promise<void> {
  const value = JSON.parse(await readFile(path, "utf8")) as T;
  edit(value);
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** `npm run codegen` in the copy; rejects with codegen's output when the configuration is invalid. */
export async function codegen(root: string): Promise<void> {
  await promisify(execFile)(process.execPath, ["--import", "tsx", "codegen/cli.ts", "--root", root], { cwd: ROOT });
}

/**
 * `npm run build` of the copy for one environment kind (VITE_APP_ENVIRONMENT); returns the dist folder.
 * Mainnet and testnet builds are as an operator makes them (no Devnet Wallet, no test hooks); a devnet build
 * lists the Devnet Wallet, as `npm start` does.
 */
export async function buildApp(root: string, environment: "mainnet" | "testnet" | "devnet"): Promise<string> {
  const saved = { ...process.env };
  for (const name of [
    "DEVNET_WALLET",
    "VITE_EXPOSE_ROUTER",
    "VITE_EXPOSE_DEPOSIT_VERIFIER",
    "VITE_EXPOSE_EMBEDDED_WALLET",
  ])
    delete process.env[name];
  Object.assign(process.env, { VITE_APP_ENVIRONMENT: environment, NODE_ENV: "production" });
  if (environment === "devnet") process.env.DEVNET_WALLET = "1";
  try {
    await build({
      root,
      configFile: join(root, "vite.config.ts"),
      mode: "production",
      logLevel: "warn",
      build: { outDir: join(root, "dist"), emptyOutDir: true, sourcemap: false },
    });
  } finally {
    process.env = saved;
  }
  return join(root, "dist");
}

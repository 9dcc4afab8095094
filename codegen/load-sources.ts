import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { findDuplicateKeys } from "./find-duplicate-keys.ts";
import type { Problem } from "./problem.ts";

const ICONS_FOLDER = "icons";

/** Where codegen reads and writes, as absolute paths. Tests point these at temp copies. */
export interface ProjectLayout {
  readonly root: string;
  readonly networksDir: string;
  /** Network icons (SVG), named by each network file's `icon`. */
  readonly iconsDir: string;
  readonly localesDir: string;
  readonly schemasDir: string;
  readonly outDir: string;
  /** Where codegen keeps results that depend only on the schemas (compiled types); CODEGEN_CACHE_DIR overrides it. */
  readonly cacheDir: string;
}

export function projectLayout(root: string): ProjectLayout {
  return {
    root,
    networksDir: join(root, "networks"),
    iconsDir: join(root, "networks", ICONS_FOLDER),
    localesDir: join(root, "locales"),
    schemasDir: join(root, "schemas"),
    outDir: join(root, "src", "generated"),
    cacheDir: process.env.CODEGEN_CACHE_DIR ?? join(root, "node_modules", ".cache", "codegen"),
  };
}

/** A config file that parsed as JSON. */
export interface SourceFile {
  /** Path relative to the project root with forward slashes, as printed in problems. */
  readonly file: string;
  /** File name without .json. */
  readonly name: string;
  readonly data: unknown;
}

export interface Sources {
  readonly app: SourceFile | undefined;
  readonly networks: readonly SourceFile[];
  readonly locales: readonly SourceFile[];
  /** File names in networks/icons/ (empty when the folder does not exist). */
  readonly iconFiles: ReadonlySet<string>;
  readonly problems: readonly Problem[];
}

export const APP_FILE = "app.json";
const IGNORED = new RegExp(`^(?:\\..*|README\\.md|${ICONS_FOLDER})$`);

export function displayPath(layout: ProjectLayout, absolute: string): string {
  return relative(layout.root, absolute).split(sep).join("/");
}

/** Reads networks/*.json and locales/*.json; unreadable or malformed files become problems. */
export function loadSources(layout: ProjectLayout): Sources {
  const problems: Problem[] = [];
  const networkDir = readJsonDir(layout, layout.networksDir, problems, "network files (<slug>.json) and app.json");
  const localeDir = readJsonDir(layout, layout.localesDir, problems, "locale files (<language>.json)");
  const app = networkDir.find((source) => source.name === basename(APP_FILE, ".json"));
  if (!app && !problems.some((problem) => problem.file === displayPath(layout, join(layout.networksDir, APP_FILE)))) {
    problems.push({
      file: displayPath(layout, join(layout.networksDir, APP_FILE)),
      pointer: "",
      message:
        "is missing: expected the application file (brand, API address, version, languages) next to the network files",
    });
  }
  return {
    app,
    networks: networkDir.filter((source) => source !== app),
    locales: localeDir,
    iconFiles: new Set(readIconNames(layout.iconsDir)),
    problems,
  };
}

function readIconNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function readJsonDir(layout: ProjectLayout, dir: string, problems: Problem[], expected: string): SourceFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    problems.push({
      file: displayPath(layout, dir),
      pointer: "",
      message: `cannot be read: expected a folder of ${expected}`,
    });
    return [];
  }
  const sources: SourceFile[] = [];
  for (const name of names) {
    if (IGNORED.test(name)) continue;
    const path = join(dir, name);
    const file = displayPath(layout, path);
    if (!name.endsWith(".json")) {
      problems.push({ file, pointer: "", message: `is not a .json file: expected only ${expected} here` });
      continue;
    }
    const text = readFileSync(path, "utf8");
    const parsed = parseJson(text);
    if ("error" in parsed) {
      problems.push({ file, pointer: "", message: parsed.error });
      continue;
    }
    for (const pointer of findDuplicateKeys(text, parsed.data)) {
      problems.push({
        file,
        pointer,
        message: "appears twice in the same object: expected each key once (JSON keeps only the last one)",
      });
    }
    sources.push({ file, name: name.slice(0, -".json".length), data: parsed.data });
  }
  return sources;
}

function parseJson(text: string): { data: unknown } | { error: string } {
  try {
    return { data: JSON.parse(text) };
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const match = /\s*(?:in JSON )?at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(raw);
    const position = match ? Number(match[1]) : text.length;
    const reason = (match ? raw.slice(0, match.index) : raw).replace(/^JSON\.parse: /, "");
    const before = text.slice(0, position);
    const line = before.split("\n").length;
    const column = position - before.lastIndexOf("\n");
    return {
      error: `is not valid JSON: ${reason} at line ${line} column ${column}; expected valid JSON (look for a missing or extra comma, quote or bracket there)`,
    };
  }
}

import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { serverFamilies } from "../server/families/index.ts";
import { families } from "../src/families/index.ts";
import { FAMILY_REQUIREMENTS } from "../src/families/requirements.ts";
import { networksInHomeOrder } from "../src/generated/index.ts";

const ROOT = resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Where a family may be named: its own folders, the registries, and the generated code. */
const REGISTRIES = ["src/families/", "server/families/", "src/generated/"];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The lines of a file's text that decide by a family's name, a network's slug or a part's id: compared
 * (===, !==, case), looked up (includes, networks.conflux), or a `.family` compared with anything. Comments
 * are left out.
 */
function switchesIn(text: string, names: readonly string[], slugs: readonly string[]): number[] {
  const literal = `["'\`](?:${names.map(escapeRegExp).join("|")})["'\`]`;
  const patterns = [
    new RegExp(`(?:[!=]==?|\\bcase)\\s*${literal}`),
    new RegExp(`${literal}\\s*[!=]==?`),
    new RegExp(`\\.includes\\(\\s*${literal}`),
    new RegExp(`\\bnetworks\\.(?:${slugs.map(escapeRegExp).join("|")})\\b`),
    /\.family\s*[!=]==?/,
  ];
  return text
    .split("\n")
    .flatMap((line, index) =>
      !/^\s*(?:\/\/|\*|\/\*)/.test(line) && patterns.some((pattern) => pattern.test(line)) ? [index + 1] : [],
    );
}

const SLUGS = networksInHomeOrder.map((network) => network.slug);
const NAMES = [
  ...FAMILY_REQUIREMENTS.map((entry) => entry.family),
  ...SLUGS,
  ...networksInHomeOrder.flatMap((network) => (network.subNetworks ?? []).map((part) => part.id)),
];

describe("families are plugins (docs/add-a-family.md)", () => {
  it("registers every family on both lists: the app's registry and the config requirements codegen reads", () => {
    const ids = FAMILY_REQUIREMENTS.map((entry) => entry.family);
    expect(Object.keys(families)).toEqual(ids);
    for (const [key, family] of Object.entries(families)) {
      expect(family.id).toBe(key);
      expect(family.requirements).toBe(FAMILY_REQUIREMENTS.find((entry) => entry.family === key));
      expect(["eip155", "cosmos"]).toContain(family.walletNamespace);
    }
    for (const [key, family] of Object.entries(serverFamilies)) {
      expect(ids).toContain(key);
      expect(family?.id).toBe(key);
    }
  });

  it("lets nothing in src/ and server/ outside the registries switch on a family's name, a network's slug or a part's id", () => {
    expect(NAMES).toEqual(
      expect.arrayContaining(["ethereum-beacon", "delegation-pool", "guided", "conflux", "espace"]),
    );
    const files = ["src", "server"]
      .flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .map((file) => relative(ROOT, file))
      .filter((file) => !REGISTRIES.some((registry) => file.startsWith(registry)));
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) =>
      switchesIn(readFileSync(join(ROOT, file), "utf8"), NAMES, SLUGS).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });

  it("finds every form of such a switch, and not a family named in a comment or a text", () => {
    const probe = [
      'if (network.family === "guided") {',
      'if (part.id !== "espace") return null;',
      "  case 'delegation-pool':",
      'const offered = FAMILIES.includes("ethereum-beacon");',
      "const espace = networks.conflux.subNetworks;",
      '"conflux" === slug',
      ' * the guided family ("guided") shows its steps',
      "describe('The network part, e.g. \"espace\"')",
    ].join("\n");
    expect(switchesIn(probe, NAMES, SLUGS)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

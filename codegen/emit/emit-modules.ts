import { banner, camelCase } from "./banner.ts";

export interface NetworkEntry {
  readonly slug: string;
  readonly order: number | undefined;
  /** The parsed file without its "$schema" editor hint. */
  readonly data: Record<string, unknown>;
}

export function networkIdentifier(slug: string): string {
  return `${camelCase(slug)}Network`;
}

function literal(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** src/generated/networks/<slug>.ts: the file's facts as a typed constant. */
export function emitNetworkModule(entry: NetworkEntry): string {
  return `${banner(`networks/${entry.slug}.json`)}
import type { Network } from "../types/network.ts";

export const ${networkIdentifier(entry.slug)} = ${literal(entry.data)} satisfies Network;
`;
}

/** src/generated/app.ts: application-wide settings. */
export function emitAppModule(data: Record<string, unknown>): string {
  return `${banner("networks/app.json")}
import type { App } from "./types/app.ts";

export const app = ${literal(data)} satisfies App;
`;
}

/** Networks in home-page order: by "order", then by slug. */
export function homeOrder(entries: readonly NetworkEntry[]): NetworkEntry[] {
  return [...entries].sort(
    (a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) || (a.slug < b.slug ? -1 : 1),
  );
}

/** src/generated/registry.ts: every network keyed by slug. Entries are sorted so output never depends on disk order. */
export function emitRegistry(entries: readonly NetworkEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.slug < b.slug ? -1 : 1));
  const imports = sorted
    .map((entry) => `import { ${networkIdentifier(entry.slug)} } from "./networks/${entry.slug}.ts";`)
    .join("\n");
  const members = sorted
    .map((entry) => `  ${JSON.stringify(entry.slug)}: ${networkIdentifier(entry.slug)},`)
    .join("\n");
  const slugs = sorted.map((entry) => `  ${JSON.stringify(entry.slug)},`).join("\n");
  const ordered = homeOrder(entries)
    .map((entry) => `  ${networkIdentifier(entry.slug)},`)
    .join("\n");
  return `${banner("networks/*.json")}
${imports}
import type { Network } from "./types/network.ts";

/** Every configured network, keyed by slug. */
export const networks = {
${members}
} as const;

export type NetworkSlug = keyof typeof networks;

/** Slugs in alphabetical order. */
export const networkSlugs: readonly NetworkSlug[] = [
${slugs}
];

/** Networks in the order the home page lists them ("order", then slug). */
export const networksInHomeOrder: readonly Network[] = [
${ordered}
];

export function isNetworkSlug(value: string): value is NetworkSlug {
  return Object.hasOwn(networks, value);
}
`;
}

export function emitIndex(): string {
  return `${banner("networks/*.json and schemas/*.schema.json")}
export { app } from "./app.ts";
export * from "./chains.ts";
export * from "./registry.ts";
export type * from "./types/app.ts";
export type * from "./types/network.ts";
`;
}

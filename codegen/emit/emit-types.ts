import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compile } from "json-schema-to-typescript";
import { FAMILY_REQUIREMENTS } from "../../src/families/requirements.ts";
import { valueAt } from "../json-pointer.ts";
import type { SchemaFile } from "../schema-validator.ts";
import { banner } from "./banner.ts";

type Schema = Record<string, unknown>;

/**
 * TypeScript types for a config file, from its JSON Schema. Before compiling, references to simple value
 * definitions (amounts, URLs, addresses) are inlined with the property's own description, so each property
 * keeps its documentation and types stay readable; addresses become viem's `0x${string}`. Objects, lists
 * and enums stay references so they keep their names (Environment, Family). `Family` is the union of the
 * registered families (src/families/requirements.ts): the schema accepts any text and the family rule
 * (codegen/rules/family-requirements.ts) checks it is registered. The "$schema" editor hint is left out because generated modules do
 * not carry it.
 */
export async function emitTypes(
  schemas: Readonly<Record<SchemaFile, Schema>>,
  schemaFile: "network.schema.json" | "app.schema.json",
  typeName: string,
  schemasDir: string,
  cacheDir?: string,
): Promise<string> {
  // Compiling types is most of codegen's fixed cost, and it depends only on the schemas: keep the result
  // keyed by their content (and this file's version), so editing a network file does not pay it again.
  const key = createHash("sha256")
    .update(`${TYPES_CACHE_VERSION}\n${typeName}\n${schemaFile}\n${JSON.stringify(withRegisteredFamilies(schemas))}`)
    .digest("hex")
    .slice(0, 32);
  const cached = cacheDir ? readCache(join(cacheDir, `types-${key}.ts`)) : undefined;
  if (cached !== undefined) return cached;
  const code = await compileTypes(schemas, schemaFile, typeName, schemasDir);
  if (cacheDir) {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(join(cacheDir, `types-${key}.ts`), code);
  }
  return code;
}

/** Bump when the emitted text changes for the same schemas. */
const TYPES_CACHE_VERSION = 2;

/** The schemas with `$defs.family` of the network schema narrowed to the registered family names. */
function withRegisteredFamilies(schemas: Readonly<Record<SchemaFile, Schema>>): Readonly<Record<SchemaFile, Schema>> {
  const network = schemas["network.schema.json"];
  const defs = network.$defs as Record<string, Schema> | undefined;
  if (!defs?.family) return schemas;
  const names = FAMILY_REQUIREMENTS.map((entry) => entry.family);
  return {
    ...schemas,
    "network.schema.json": { ...network, $defs: { ...defs, family: { ...defs.family, enum: names } } },
  };
}

function readCache(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

async function compileTypes(
  schemas: Readonly<Record<SchemaFile, Schema>>,
  schemaFile: "network.schema.json" | "app.schema.json",
  typeName: string,
  schemasDir: string,
): Promise<string> {
  const registered = withRegisteredFamilies(schemas);
  const prepared = prepare(registered[schemaFile], schemaFile, registered) as Schema;
  const properties = { ...(prepared.properties as Schema) };
  delete properties.$schema;
  prepared.properties = properties;
  prepared.required = (prepared.required as string[]).filter((name) => name !== "$schema");
  const code = await compile(prepared, typeName, {
    bannerComment: "",
    cwd: schemasDir,
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    format: true,
    strictIndexSignatures: true,
  });
  return `${banner(`schemas/${schemaFile}`)}\n${code}`;
}

function prepare(node: unknown, file: SchemaFile, schemas: Readonly<Record<SchemaFile, Schema>>): unknown {
  if (Array.isArray(node)) return node.map((item) => prepare(item, file, schemas));
  if (node === null || typeof node !== "object") return node;
  const schema = node as Schema;
  if (typeof schema.$ref === "string") {
    const [target = "", fragment = ""] = schema.$ref.split("#");
    const targetFile = (target || file) as SchemaFile;
    const resolved = valueAt(schemas[targetFile], fragment) as Schema;
    if (resolved.type === "object" || resolved.type === "array" || Array.isArray(resolved.enum)) {
      return { $ref: schema.$ref };
    }
    const { title: _title, ...value } = prepare(resolved, targetFile, schemas) as Schema;
    const { $ref: _ref, ...own } = schema;
    return { ...value, ...own };
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith("x-")) continue;
    out[key] = prepare(value, file, schemas);
  }
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a TypeScript template literal type, written as text
  if (schema["x-address"] === true) out.tsType = "`0x${string}`";
  return out;
}

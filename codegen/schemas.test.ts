import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./fixtures/project.ts";
import { valueAt } from "./json-pointer.ts";
import { SCHEMA_FILES } from "./schema-validator.ts";

type Schema = Record<string, unknown>;
const schemas = Object.fromEntries(
  SCHEMA_FILES.map((name) => [name, JSON.parse(readFileSync(join(REPO_ROOT, "schemas", name), "utf8")) as Schema]),
);

/** Every schema object in a file with its pointer. */
function walk(node: unknown, pointer: string, visit: (schema: Schema, pointer: string) => void): void {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return;
  const schema = node as Schema;
  visit(schema, pointer);
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" || key === "$defs") {
      for (const [name, child] of Object.entries(value as Schema)) walk(child, `${pointer}/${key}/${name}`, visit);
    } else if (key === "items") {
      walk(value, `${pointer}/items`, visit);
    }
  }
}

function described(schema: Schema, file: string): boolean {
  if (typeof schema.description === "string" && schema.description.length > 10) return true;
  if (typeof schema.$ref !== "string") return false;
  const [target = "", fragment = ""] = schema.$ref.split("#");
  const resolved = valueAt(schemas[target || file], fragment) as Schema | undefined;
  return resolved !== undefined && described(resolved, target || file);
}

describe("config schemas", () => {
  for (const file of SCHEMA_FILES) {
    it(`${file} is JSON Schema 2020-12, closes every object and explains every property`, () => {
      const schema = schemas[file] as Schema;
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      const open: string[] = [];
      const undocumented: string[] = [];
      walk(schema, "", (node, pointer) => {
        if (node.type === "object" && node.additionalProperties !== false) open.push(pointer || "/");
        for (const [name, property] of Object.entries((node.properties ?? {}) as Schema)) {
          if (!described(property as Schema, file)) undocumented.push(`${pointer}/properties/${name}`);
        }
      });
      expect(open).toEqual([]);
      expect(undocumented).toEqual([]);
    });
  }

  it("is referenced by $schema at the top of every config file", () => {
    for (const name of ["ethereum", "avalanche", "manta", "lava", "fantom", "conflux", "cosmos"]) {
      const text = readFileSync(join(REPO_ROOT, "networks", `${name}.json`), "utf8");
      expect(text.startsWith('{\n  "$schema": "../schemas/network.schema.json",'), name).toBe(true);
    }
    expect(readFileSync(join(REPO_ROOT, "networks", "app.json"), "utf8")).toMatch(
      /^\{\n {2}"\$schema": "\.\.\/schemas\/app\.schema\.json",/,
    );
  });
});

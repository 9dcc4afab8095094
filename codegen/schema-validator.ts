import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/** Schema files, by the name other schemas use in $ref. */
export const SCHEMA_FILES = ["definitions.schema.json", "network.schema.json", "app.schema.json"] as const;
export type SchemaFile = (typeof SCHEMA_FILES)[number];

/**
 * Values the schemas tag with x-address, x-url, x-chain-id or x-locale-key. Validation records where each
 * one sits so the cross-file rules (checksums, https, unique chain ids, locale keys) see them all.
 */
export interface Mark {
  readonly kind: "address" | "url" | "chain-id" | "locale-key";
  readonly pointer: string;
  readonly value: unknown;
}

export interface SchemaResult {
  readonly errors: readonly ErrorObject[];
  readonly marks: readonly Mark[];
}

export interface SchemaValidator {
  validate(schema: "network.schema.json" | "app.schema.json", data: unknown): SchemaResult;
  /** The raw schema objects, for error messages that quote descriptions. */
  readonly schemas: Readonly<Record<SchemaFile, Record<string, unknown>>>;
}

const MARK_KEYWORDS: ReadonlyArray<[string, Mark["kind"]]> = [
  ["x-address", "address"],
  ["x-url", "url"],
  ["x-chain-id", "chain-id"],
  ["x-locale-key", "locale-key"],
];

const validators = new Map<string, SchemaValidator>();

/**
 * The validator for the schemas in a folder. A long-lived process (the dev server's watcher, the benchmark)
 * reuses it while the schema files are unchanged, so ajv compiles once and its code stays warm.
 */
export function schemaValidatorFor(schemasDir: string): SchemaValidator {
  const texts = SCHEMA_FILES.map((name) => readFileSync(join(schemasDir, name), "utf8"));
  const key = `${schemasDir}\n${texts.join("\n")}`;
  let validator = validators.get(key);
  if (!validator) {
    validator = createSchemaValidator(texts);
    validators.set(key, validator);
  }
  return validator;
}

function createSchemaValidator(texts: readonly string[]): SchemaValidator {
  let marks: Mark[] = [];
  const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true });
  addFormats(ajv, { mode: "fast" });
  ajv.addKeyword({ keyword: "x-error", schemaType: "string" });
  for (const [keyword, kind] of MARK_KEYWORDS) {
    ajv.addKeyword({
      keyword,
      schemaType: "boolean",
      errors: false,
      validate: (_schema: boolean, value: unknown, _parent: unknown, context?: { instancePath: string }) => {
        marks.push({ kind, pointer: context?.instancePath ?? "", value });
        return true;
      },
    });
  }

  const schemas = {} as Record<SchemaFile, Record<string, unknown>>;
  SCHEMA_FILES.forEach((name, index) => {
    schemas[name] = JSON.parse(texts[index] as string) as Record<string, unknown>;
    ajv.addSchema(schemas[name], name);
  });
  const compiled = new Map<string, ValidateFunction>();

  return {
    schemas,
    validate(name, data) {
      let validator = compiled.get(name);
      if (!validator) {
        validator = ajv.getSchema(name) as ValidateFunction;
        compiled.set(name, validator);
      }
      marks = [];
      validator(data);
      return { errors: validator.errors ?? [], marks };
    },
  };
}

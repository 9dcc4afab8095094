import type { SourceFile } from "../load-sources.ts";
import type { Problem } from "../problem.ts";
import type { Mark } from "../schema-validator.ts";

/** A config file after schema validation, with the tagged values validation found in it. */
export interface CheckedFile extends SourceFile {
  readonly marks: readonly Mark[];
}

export interface RuleContext {
  readonly app: CheckedFile | undefined;
  readonly networks: readonly CheckedFile[];
  readonly locales: readonly SourceFile[];
  /** File names in networks/icons/. */
  readonly iconFiles: ReadonlySet<string>;
}

/** A cross-file rule: reads every file and reports what breaks it. Must tolerate files that failed the schema. */
export type Rule = (context: RuleContext) => Problem[];

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function arrayAt(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

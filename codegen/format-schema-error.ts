import type { ErrorObject } from "ajv/dist/2020.js";
import { closest, expectedKind, kindOf, listQuoted, showValue } from "./describe-value.ts";
import { joinPointer, valueAt } from "./json-pointer.ts";
import type { Problem } from "./problem.ts";
import type { SchemaFile, SchemaValidator } from "./schema-validator.ts";

type Schema = Record<string, unknown>;

/**
 * Turns one JSON Schema error into a problem a person can act on: what is wrong at which pointer,
 * and what is expected. Returns undefined for errors that only echo others (if/then wrappers).
 */
export function formatSchemaError(
  error: ErrorObject,
  file: string,
  schemaFile: SchemaFile,
  validator: SchemaValidator,
): Problem | undefined {
  const parent = (error.parentSchema ?? {}) as Schema;
  const data = error.data;
  const custom = typeof parent["x-error"] === "string" ? parent["x-error"] : undefined;
  const at = (message: string, pointer = error.instancePath): Problem => ({ file, pointer, message });

  switch (error.keyword) {
    case "required": {
      const missing = String(error.params.missingProperty);
      const description = describeProperty(parent, missing, schemaFile, validator);
      return at(`missing required property "${missing}"${description ? `: ${description}` : ""}`);
    }
    case "additionalProperties": {
      const extra = String(error.params.additionalProperty);
      const allowed = Object.keys((parent.properties ?? {}) as Schema);
      const guess = closest(extra, allowed);
      return at(
        `unknown property "${extra}"${guess ? ` (did you mean "${guess}"?)` : ""}: expected one of ${allowed.join(", ")}`,
        joinPointer(error.instancePath, extra),
      );
    }
    case "type":
      return at(
        custom
          ? `${showValue(data)} ${custom}`
          : `${showValue(data)} is ${kindOf(data)}: expected ${expectedKind(String(error.params.type))}`,
      );
    case "enum": {
      const allowed = (error.params.allowedValues ?? []) as unknown[];
      const guess = typeof data === "string" ? closest(data, allowed.map(String)) : undefined;
      return at(
        `${showValue(data)} is not allowed${guess ? ` (did you mean "${guess}"?)` : ""}: expected one of ${listQuoted(allowed)}`,
      );
    }
    case "const":
      return at(`${showValue(data)} is not allowed: expected ${JSON.stringify(error.params.allowedValue)}`);
    case "minItems":
      return at(`has ${(data as unknown[]).length} items: expected at least ${error.params.limit}`);
    case "maxItems":
      return at(`has ${(data as unknown[]).length} items: expected at most ${error.params.limit}`);
    case "uniqueItems":
      return at(
        `lists ${showValue((data as unknown[])[error.params.j as number])} twice (items ${error.params.j} and ${error.params.i}): expected each item once`,
      );
    case "dependentRequired": {
      const property = String(error.params.property);
      const missing = String(error.params.missingProperty);
      const description = describeProperty(parent, missing, schemaFile, validator);
      return at(
        `"${property}" needs "${missing}" beside it${description ? `: ${missing} is the ${lowerFirst(description)}` : ""}`,
        joinPointer(error.instancePath, property),
      );
    }
    case "if":
      return undefined;
  }
  if (custom) return at(`${showValue(data)} ${custom}`);
  switch (error.keyword) {
    case "minLength":
      return at(
        (data as string).length === 0
          ? "is empty: expected some text"
          : `${showValue(data)} is too short: expected at least ${error.params.limit} characters`,
      );
    case "maxLength":
      return at(`${showValue(data)} is too long: expected at most ${error.params.limit} characters`);
    case "minimum":
    case "exclusiveMinimum":
      return at(`${showValue(data)} is too small: expected ${error.params.comparison} ${error.params.limit}`);
    case "maximum":
    case "exclusiveMaximum":
      return at(`${showValue(data)} is too large: expected ${error.params.comparison} ${error.params.limit}`);
    case "pattern":
      return at(`${showValue(data)} does not have the expected form: expected text matching ${error.params.pattern}`);
    case "format":
      return at(`${showValue(data)} is not a valid ${error.params.format}`);
    default:
      return at(`${showValue(data)} ${error.message ?? "is not valid"}`);
  }
}

/** The description of a property, following a $ref when the property itself has none. */
function describeProperty(
  parent: Schema,
  property: string,
  schemaFile: SchemaFile,
  validator: SchemaValidator,
): string | undefined {
  let schema = (parent.properties as Record<string, Schema> | undefined)?.[property];
  for (let hops = 0; schema && hops < 4; hops++) {
    if (typeof schema.description === "string") return schema.description;
    const ref = schema.$ref;
    if (typeof ref !== "string") return undefined;
    const [target = "", fragment = ""] = ref.split("#");
    const file = (target || schemaFile) as SchemaFile;
    schemaFile = file;
    schema = valueAt(validator.schemas[file], fragment) as Schema | undefined;
  }
  return undefined;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

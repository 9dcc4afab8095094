import { FrameRequestError } from "../frame-request-error.ts";
import { type FrameTextKey, text } from "../ui/texts.ts";
import { type DetailRow, networkName } from "./chain-terms.ts";
import { groupedAddress } from "./format-values.ts";
import { type CheckedTypedData, INVALID_PARAMS, type TypedField } from "./typed-data.ts";

const refuse = (key: FrameTextKey, values: Record<string, string>) =>
  new FrameRequestError(text(key, values), { code: INVALID_PARAMS });

/** Direction and invisible formatting characters, escaped so a string cannot reorder or hide what is shown. */
const hiddenCharacters = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** A string as JSON (quoted, control characters escaped): a value with a line break cannot fake another row. */
const quoted = (value: string) =>
  JSON.stringify(value).replace(hiddenCharacters, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** An atomic EIP-712 value as hashed: integers in decimal, addresses grouped, strings quoted, bytes as hex. */
function atomicText(type: string, value: unknown, path: string): string {
  if (type === "string" && typeof value === "string") return quoted(value);
  if (type === "address" && typeof value === "string") return groupedAddress(value);
  if (type === "bool" && typeof value === "boolean") return String(value);
  if (/^bytes\d*$/.test(type) && typeof value === "string") return value;
  if (/^u?int\d*$/.test(type) && (typeof value === "number" || typeof value === "string")) {
    try {
      return BigInt(value).toString();
    } catch {
      // Not an integer: refused below.
    }
  }
  throw refuse("typedDataBadValue", { reason: `${path} is not a valid ${type}` });
}

/** The member lines of a struct value, indented, nested structs and arrays below their member's line. */
function structLines(
  types: CheckedTypedData["types"],
  fields: readonly TypedField[],
  value: Readonly<Record<string, unknown>>,
  indent: string,
  path: string,
): string[] {
  return fields.flatMap((field) =>
    valueLines(
      types,
      field.type,
      value[field.name],
      `${indent}${field.name} (${field.type})`,
      indent,
      `${path}.${field.name}`,
    ),
  );
}

function valueLines(
  types: CheckedTypedData["types"],
  type: string,
  value: unknown,
  label: string,
  indent: string,
  path: string,
): string[] {
  if (value === undefined || value === null) throw refuse("typedDataMissingValue", { path, type });
  const array = /^(.*)\[\d*\]$/.exec(type);
  if (array) {
    const element = array[1] ?? "";
    if (!Array.isArray(value)) throw refuse("typedDataBadValue", { reason: `${path} is not an array` });
    return [
      `${label}:`,
      ...value.flatMap((item, index) =>
        valueLines(
          types,
          element,
          item,
          types[element] || element.endsWith("]") ? `${indent}  [${index}] (${element})` : `${indent}  [${index}]`,
          `${indent}  `,
          `${path}[${index}]`,
        ),
      ),
    ];
  }
  const struct = types[type];
  if (struct) {
    if (typeof value !== "object" || Array.isArray(value))
      throw refuse("typedDataBadValue", { reason: `${path} is not a ${type}` });
    return [`${label}:`, ...structLines(types, struct, value as Record<string, unknown>, `${indent}  `, path)];
  }
  return [`${label}: ${atomicText(type, value, path)}`];
}

/** The label of each EIP-712 domain member the dialog names; any other member shows under its own name. */
const DOMAIN_LABELS: Record<string, FrameTextKey> = {
  name: "domainName",
  version: "domainVersion",
  chainId: "network",
  verifyingContract: "verifyingContract",
  salt: "domainSalt",
};

/**
 * What eth_signTypedData_v4's approval shows, exactly what is hashed: the account, each member of the
 * EIP712Domain type (and nothing the type leaves out: checkTypedData refused that), the primary type, and the
 * message as its type's members in the type's order (members the type does not list are not hashed and not
 * shown), nested structs and arrays indented below their member. Throws the -32602 refusal for a value the type
 * lists but the data lacks, or one that is not of its type.
 */
export function typedDataRows(account: string, typed: CheckedTypedData): DetailRow[] {
  const domainRows = (typed.types.EIP712Domain ?? []).map((field): DetailRow => {
    const value = typed.domain[field.name];
    const label = DOMAIN_LABELS[field.name];
    if (field.name === "chainId") return [text("network"), networkName(Number(value))];
    const path = `domain.${field.name}`;
    const atomic = !typed.types[field.type] && !field.type.endsWith("]");
    const shown = atomic
      ? atomicText(field.type, value, path)
      : valueLines(typed.types, field.type, value, field.name, "", path).join("\n");
    return [label ? text(label) : `${field.name} (${field.type})`, shown];
  });
  const struct = typed.types[typed.primaryType] ?? [];
  const message =
    typed.primaryType === "EIP712Domain" ? [] : structLines(typed.types, struct, typed.message, "", "message");
  return [
    [text("account"), account],
    ...domainRows,
    [text("primaryType"), typed.primaryType],
    ...(message.length > 0 ? [[text("message"), message.join("\n")] as const] : []),
  ];
}

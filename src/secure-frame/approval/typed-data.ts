import { BaseError, validateTypedData } from "viem";
import { FrameRequestError } from "../frame-request-error.ts";
import { type FrameTextKey, text } from "../ui/texts.ts";

/** One member of an EIP-712 struct type. */
export interface TypedField {
  readonly name: string;
  readonly type: string;
}

/** eth_signTypedData_v4's data once checked: what the dialog shows is exactly what is signed. */
export interface CheckedTypedData {
  /** Every struct type, EIP712Domain included (written out when the request left it to the domain's keys). */
  readonly types: Readonly<Record<string, readonly TypedField[]>>;
  readonly primaryType: string;
  readonly domain: Readonly<Record<string, unknown>>;
  readonly message: Readonly<Record<string, unknown>>;
}

/** JSON-RPC 2.0 "Invalid params": the request is refused before any dialog. */
export const INVALID_PARAMS = -32602;

const refuse = (key: FrameTextKey, values: Record<string, string> = {}) =>
  new FrameRequestError(text(key, values), { code: INVALID_PARAMS });

/** EIP-712's domain members, in the order the EIP gives them, with their types. */
const DOMAIN_FIELDS: readonly TypedField[] = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
  { name: "salt", type: "bytes32" },
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isFieldList = (value: unknown): value is TypedField[] =>
  Array.isArray(value) &&
  value.every((field) => isRecord(field) && typeof field.name === "string" && typeof field.type === "string");

/**
 * The domain's type: the request's EIP712Domain when it has one; else, as viem (and so the signature) derives
 * it, the EIP-712 members the domain has, which then may not hold anything else.
 */
function domainType(types: Record<string, unknown>, domain: Record<string, unknown>): TypedField[] {
  const given = types.EIP712Domain;
  if (given !== undefined) {
    if (!isFieldList(given)) throw refuse("typedDataShape");
    return given;
  }
  for (const key of Object.keys(domain))
    if (!DOMAIN_FIELDS.some((field) => field.name === key)) throw refuse("typedDataUnknownDomainField", { field: key });
  return DOMAIN_FIELDS.filter((field) => domain[field.name] != null);
}

/**
 * Checks eth_signTypedData_v4's data (a JSON string or an object) before anything is shown, and refuses with
 * -32602 and a message saying what is wrong: a domain value that its EIP712Domain type leaves out (it would be
 * shown but not signed), a domain member the type lists without a value, a chainId other than the wallet's
 * (EIP-712: refuse a domain for another chain), and anything viem would not hash (unknown types, bad values).
 */
export function checkTypedData(raw: unknown, chainId: number): CheckedTypedData {
  let data = raw;
  if (typeof raw === "string") {
    try {
      data = JSON.parse(raw);
    } catch {
      throw refuse("typedDataNotJson");
    }
  }
  if (!isRecord(data) || !isRecord(data.types) || typeof data.primaryType !== "string") throw refuse("typedDataShape");
  const domain = data.domain === undefined ? {} : data.domain;
  const message = data.message === undefined ? {} : data.message;
  if (!isRecord(domain) || !isRecord(message)) throw refuse("typedDataShape");
  const EIP712Domain = domainType(data.types, domain);
  for (const key of Object.keys(domain))
    if (!EIP712Domain.some((field) => field.name === key)) throw refuse("typedDataUnsignedDomainField", { field: key });
  for (const field of EIP712Domain)
    if (domain[field.name] == null) throw refuse("typedDataMissingDomainValue", { field: field.name });
  const types: Record<string, readonly TypedField[]> = {};
  for (const [name, fields] of Object.entries(data.types)) {
    if (!isFieldList(fields)) throw refuse("typedDataShape");
    types[name] = fields;
  }
  types.EIP712Domain = EIP712Domain;
  if (EIP712Domain.some((field) => field.name === "chainId") && Number(domain.chainId) !== chainId)
    throw refuse("typedDataWrongChain", { chainId: String(domain.chainId), current: String(chainId) });
  if (!Object.hasOwn(types, data.primaryType)) throw refuse("typedDataUnknownType", { type: data.primaryType });
  const checked = { types, primaryType: data.primaryType, domain, message };
  try {
    validateTypedData(checked as Parameters<typeof validateTypedData>[0]);
  } catch (error) {
    const reason = error instanceof BaseError ? error.shortMessage : String(error);
    throw refuse("typedDataBadValue", { reason });
  }
  return checked;
}

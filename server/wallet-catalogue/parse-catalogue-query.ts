import { type CatalogueQuery, MAX_CATALOGUE_ENTRIES } from "../../src/core/wallet-catalogue/wallet-listing.ts";
import { ApiError } from "../http/api-error.ts";

const WALLET_ID = /^[0-9a-z][0-9a-z._-]{0,99}$/;
/** CAIP-2: namespace (3-8 of a-z, 0-9, -) and reference (1-32 of a-zA-Z0-9, -, _). */
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;
const LIST_LIMIT = 200;

const invalid = (field: string, expected: string, value: unknown) =>
  new ApiError(400, "invalid_query", `${field}=${JSON.stringify(value)} is invalid: expected ${expected}`, field);

function text(query: Record<string, unknown>, field: string, options: { required: boolean; max: number }) {
  const value = query[field];
  if (value === undefined || value === "") {
    if (options.required) {
      throw new ApiError(
        400,
        "missing_query",
        `The query parameter ${field} is required: expected a text of 1 to ${options.max} characters`,
        field,
      );
    }
    return undefined;
  }
  if (typeof value !== "string" || value.length > options.max) {
    throw invalid(field, `one text of 1 to ${options.max} characters`, value);
  }
  return value;
}

function integer(query: Record<string, unknown>, field: string, min: number, max: number, fallback: number) {
  const value = query[field];
  if (value === undefined) return fallback;
  const number = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max)) throw invalid(field, `a whole number from ${min} to ${max}`, value);
  return number;
}

function list(query: Record<string, unknown>, field: string, pattern: RegExp, expected: string) {
  const value = text(query, field, { required: false, max: 20_000 });
  if (value === undefined) return [];
  const items = value.split(",").map((item) => item.trim());
  if (items.length > LIST_LIMIT || items.some((item) => !pattern.test(item))) {
    throw invalid(field, `a comma-separated list of at most ${LIST_LIMIT} ${expected}`, value);
  }
  return items;
}

/**
 * Reads a GET /wallet-catalogue/getWallets query strictly, the way the wallet list API takes it: projectId, st
 * and sv identify the caller and are required; page (from 1) and entries (1 to 100, default 40) page the
 * result; include / exclude list wallet ids, chains lists CAIP-2 ids. Anything else is a 400 naming the field
 * and what is expected.
 */
export function parseCatalogueQuery(query: Record<string, unknown>): CatalogueQuery {
  for (const field of ["projectId", "st", "sv"]) text(query, field, { required: true, max: 100 });
  const search = text(query, "search", { required: false, max: 100 });
  const badgeType = text(query, "badge_type", { required: false, max: 40 });
  if (badgeType !== undefined && !/^[a-z_]+$/.test(badgeType)) {
    throw invalid("badge_type", 'a badge such as "certified"', badgeType);
  }
  return {
    page: integer(query, "page", 1, 100_000, 1),
    entries: integer(query, "entries", 1, MAX_CATALOGUE_ENTRIES, 40),
    include: list(query, "include", WALLET_ID, "wallet ids"),
    exclude: list(query, "exclude", WALLET_ID, "wallet ids"),
    chains: list(query, "chains", CAIP2, 'CAIP-2 network ids such as "eip155:1"'),
    ...(search ? { search } : {}),
    ...(badgeType ? { badgeType } : {}),
  };
}

import { ApiError } from "../http/api-error.ts";

/** The kit's account-name rule (modal-kit spec section 5): at least 4 characters; letters, digits and hyphen only. */
const LABEL = /^[A-Za-z0-9-]{4,63}$/;

/**
 * A label (the part before the zone) by the account-name rule, lower-cased; a 400 naming `field` otherwise.
 * 63 characters at most, a DNS label's limit.
 */
export function parseNameLabel(value: unknown, field: string): string {
  if (typeof value !== "string" || !LABEL.test(value)) {
    throw new ApiError(
      400,
      "invalid_name",
      `${field}: an account name needs at least 4 characters (at most 63), letters, digits and hyphen only`,
      field,
    );
  }
  return value.toLowerCase();
}

/** A full name "<label>.<zone>" in this server's zone, lower-cased; a 400 naming `field` otherwise. */
export function parseFullName(value: unknown, zone: string, field: string): string {
  const suffix = `.${zone}`;
  if (typeof value !== "string" || !value.toLowerCase().endsWith(suffix)) {
    throw new ApiError(
      400,
      "invalid_name",
      `${field}: expected a name ending in "${suffix}", such as "alice${suffix}"`,
      field,
    );
  }
  return `${parseNameLabel(value.slice(0, -suffix.length), field)}${suffix}`;
}

import { ApiError } from "../http/api-error.ts";

/** A page cursor: the source's own paging parameters, as base64url JSON, opaque to the kit. */
export function encodeCursor(parameters: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(parameters)).toString("base64url");
}

/** The paging parameters of a cursor this server issued; a 400 naming "cursor" for anything else. */
export function decodeCursor(cursor: string): Record<string, string | number> {
  const bad = () =>
    new ApiError(400, "invalid_cursor", "cursor: expected the value of `next` from a previous page", "cursor");
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(cursor)) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw bad();
  }
  if (
    typeof value !== "object" ||
    value === null ||
    Array.isArray(value) ||
    !Object.values(value).every((entry) => typeof entry === "string" || typeof entry === "number")
  ) {
    throw bad();
  }
  return value as Record<string, string | number>;
}

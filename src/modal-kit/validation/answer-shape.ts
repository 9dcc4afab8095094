/**
 * Checks of a server's JSON answer without zod, for the answers the modal reads as it opens (the remote flags,
 * the allowed origins, the analytics switch, the wallet list): zod's runtime would add about 8 KB gzip to the
 * JavaScript the Connect view loads. Each checker returns the value with its type or throws AnswerShapeError
 * naming the field as zod does ("data.3.name") and what was expected there.
 */

/** An answer that is not in the shape the kit reads: `message` says which request, which field and what. */
export class AnswerShapeError extends Error {
  override name = "AnswerShapeError";
  readonly path: string;

  constructor(request: string, path: string, expected: string) {
    super(`Unexpected answer to ${request}: ${path || "(root)"} ${expected}`);
    this.path = path;
  }
}

/** Where a checker is: the request (for the message) and the field's path. */
export interface At {
  readonly request: string;
  readonly path: string;
}

export const field = (at: At, key: string | number): At => ({
  request: at.request,
  path: at.path ? `${at.path}.${key}` : String(key),
});

const fail = (at: At, expected: string): never => {
  throw new AnswerShapeError(at.request, at.path, expected);
};

export function object(value: unknown, at: At): Record<string, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  return fail(at, "expected an object");
}

export function list(value: unknown, at: At): unknown[] {
  return Array.isArray(value) ? value : fail(at, "expected an array");
}

export function text(value: unknown, at: At, minLength = 0): string {
  if (typeof value !== "string") return fail(at, "expected a string");
  return value.length >= minLength ? value : fail(at, `expected at least ${minLength} character(s)`);
}

export function flag(value: unknown, at: At): boolean {
  return typeof value === "boolean" ? value : fail(at, "expected true or false");
}

export function texts(value: unknown, at: At): string[] {
  return list(value, at).map((item, index) => text(item, field(at, index)));
}

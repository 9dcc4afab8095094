import type { FastifyInstance } from "fastify";
import { ApiError } from "./api-error.ts";

/**
 * How deep arrays and objects may nest in a JSON body. The deepest body the API takes (a JSON-RPC batch of
 * calls with their objects) nests under ten levels; code that walks parsed JSON recursively (validation,
 * serialisation, cache keys) overflows the stack somewhere past a few thousand.
 */
const MAX_JSON_DEPTH = 64;

/** The end of the string whose opening quote is at `start`: the next quote not escaped by a backslash. */
function stringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

/** The first position where `text` nests deeper than `limit` (outside strings), or -1. Strings are skipped with indexOf. */
function positionTooDeep(text: string, limit: number): number {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x22) {
      index = stringEnd(text, index);
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return index;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return -1;
}

/**
 * Fastify's JSON parser (with its __proto__ and constructor checks), after a linear scan that refuses bodies
 * nesting deeper than MAX_JSON_DEPTH with a 400, before anything parses or walks them.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const position = positionTooDeep(body as string, MAX_JSON_DEPTH);
    if (position >= 0) {
      done(
        new ApiError(
          400,
          "json_too_deep",
          `The body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep (at character ${position + 1}): expected at most ${MAX_JSON_DEPTH}`,
        ),
        undefined,
      );
      return;
    }
    parse(request, body as string, done);
  });
}

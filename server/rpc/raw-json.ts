/**
 * Reads the top level of JSON objects in an upstream node's answer without parsing their values: where each
 * member's value starts and ends in the bytes. The proxy passes results on as the node sent them, so only the
 * few members it needs (the id, an error, a block number) are ever parsed. Structure is checked on the way:
 * strings closed, brackets balanced, members separated as JSON separates them; anything else reads as undefined.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

/** An object's members by name: the bytes of each value, as they came. */
export type Members = Record<string, Buffer>;

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function skipSpace(bytes: Buffer, index: number): number {
  while (isSpace(bytes[index])) index++;
  return index;
}

/** The index just after the string whose opening quote is at `start`, or -1 when it never closes. */
function stringEnd(bytes: Buffer, start: number): number {
  let quote = bytes.indexOf(QUOTE, start + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    quote = bytes.indexOf(QUOTE, quote + 1);
  }
  return -1;
}

/** The index just after the value that starts at `start`, or -1 when it is cut off or unbalanced. */
function valueEnd(bytes: Buffer, start: number): number {
  const first = bytes[start];
  if (first === QUOTE) return stringEnd(bytes, start);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    const closers: number[] = [];
    for (let index = start; index < bytes.length; index++) {
      const byte = bytes[index];
      if (byte === QUOTE) {
        index = stringEnd(bytes, index) - 1;
        if (index < 0) return -1;
      } else if (byte === OPEN_BRACE) closers.push(CLOSE_BRACE);
      else if (byte === OPEN_BRACKET) closers.push(CLOSE_BRACKET);
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        if (closers.pop() !== byte) return -1;
        if (closers.length === 0) return index + 1;
      }
    }
    return -1;
  }
  // A number, true, false or null: up to the next separator.
  let index = start;
  while (index < bytes.length) {
    const byte = bytes[index] as number;
    if (byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isSpace(byte)) break;
    index++;
  }
  return index > start &&
    /^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)$/.test(bytes.toString("latin1", start, index))
    ? index
    : -1;
}

/** The members of the object that starts at `start` (after any space), and the index just after it. */
function readObject(bytes: Buffer, start: number): { members: Members; end: number } | undefined {
  let index = skipSpace(bytes, start);
  if (bytes[index] !== OPEN_BRACE) return undefined;
  const members: Members = {};
  index = skipSpace(bytes, index + 1);
  if (bytes[index] === CLOSE_BRACE) return { members, end: index + 1 };
  for (;;) {
    if (bytes[index] !== QUOTE) return undefined;
    const keyEnd = stringEnd(bytes, index);
    if (keyEnd < 0) return undefined;
    const key = bytes.toString("utf8", index + 1, keyEnd - 1);
    index = skipSpace(bytes, keyEnd);
    if (bytes[index] !== COLON) return undefined;
    const valueStart = skipSpace(bytes, index + 1);
    const end = valueEnd(bytes, valueStart);
    if (end < 0) return undefined;
    members[key] = bytes.subarray(valueStart, end);
    index = skipSpace(bytes, end);
    if (bytes[index] === CLOSE_BRACE) return { members, end: index + 1 };
    if (bytes[index] !== COMMA) return undefined;
    index = skipSpace(bytes, index + 1);
  }
}

/** The members of `bytes` when they hold exactly one JSON object (space around it allowed). */
export function objectMembers(bytes: Buffer): Members | undefined {
  const read = readObject(bytes, 0);
  return read && skipSpace(bytes, read.end) === bytes.length ? read.members : undefined;
}

/**
 * A JSON-RPC answer body: one object's members, or those of each object in an array. Undefined when the body
 * is neither (the upstream answered with something that is not a JSON-RPC answer).
 */
export function readAnswerBody(bytes: Buffer): Members | Members[] | undefined {
  const start = skipSpace(bytes, 0);
  if (bytes[start] !== OPEN_BRACKET) return objectMembers(bytes);
  const answers: Members[] = [];
  let index = skipSpace(bytes, start + 1);
  if (bytes[index] === CLOSE_BRACKET) return skipSpace(bytes, index + 1) === bytes.length ? answers : undefined;
  for (;;) {
    const read = readObject(bytes, index);
    if (!read) return undefined;
    answers.push(read.members);
    index = skipSpace(bytes, read.end);
    if (bytes[index] === CLOSE_BRACKET) return skipSpace(bytes, index + 1) === bytes.length ? answers : undefined;
    if (bytes[index] !== COMMA) return undefined;
    index = skipSpace(bytes, index + 1);
  }
}

/** A small member's value parsed (an id, an error object, a block number); undefined when it is not JSON. */
export function parseMember(value: Buffer | undefined): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value.toString("utf8"));
  } catch {
    return undefined;
  }
}

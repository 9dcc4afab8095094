/** A JSON value's place in the text: [start, end) offsets, with the members of an object or items of an array. */
type JsonNode =
  | { readonly kind: "object"; readonly start: number; readonly end: number; readonly members: readonly Member[] }
  | { readonly kind: "array"; readonly start: number; readonly end: number; readonly items: readonly JsonNode[] }
  | { readonly kind: "scalar"; readonly start: number; readonly end: number };

interface Member {
  readonly key: string;
  readonly keyStart: number;
  readonly value: JsonNode;
}

const SCALAR = /^(?:"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/;

/** Parses JSON text keeping every value's offsets (the input has already passed JSON.parse). */
function parse(text: string): JsonNode {
  let at = 0;
  const skip = () => {
    while (/\s/.test(text[at] ?? "")) at++;
  };
  const value = (): JsonNode => {
    skip();
    const start = at;
    if (text[at] === "{") {
      at++;
      const members: Member[] = [];
      skip();
      while (text[at] !== "}") {
        skip();
        const keyStart = at;
        const key = scalarAt();
        skip();
        at++; // the colon
        members.push({ key: JSON.parse(key) as string, keyStart, value: value() });
        skip();
        if (text[at] === ",") at++;
        skip();
      }
      at++;
      return { kind: "object", start, end: at, members };
    }
    if (text[at] === "[") {
      at++;
      const items: JsonNode[] = [];
      skip();
      while (text[at] !== "]") {
        items.push(value());
        skip();
        if (text[at] === ",") at++;
        skip();
      }
      at++;
      return { kind: "array", start, end: at, items };
    }
    scalarAt();
    return { kind: "scalar", start, end: at };
  };
  const scalarAt = (): string => {
    const match = SCALAR.exec(text.slice(at));
    if (!match) throw new SyntaxError(`not JSON at offset ${at}`);
    at += match[0].length;
    return match[0];
  };
  return value();
}

function nodeAt(root: JsonNode, path: readonly (string | number)[]): JsonNode {
  let node = root;
  for (const step of path) {
    const next =
      node.kind === "object"
        ? node.members.find((member) => member.key === step)?.value
        : node.kind === "array" && typeof step === "number"
          ? node.items[step]
          : undefined;
    if (!next) throw new Error(`no /${path.join("/")} in the file`);
    node = next;
  }
  return node;
}

/** The spaces before the line that holds `offset`. */
function indentOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? "";
}

/**
 * Adds string members to the object `child` inside the object at `path`, editing the text in place so the rest of
 * the file keeps its layout: new members go after the last one, each on its own line with the same indentation,
 * and a missing `child` object is added as the last member of `path`. A member that already exists is an error
 * (the caller decides what to do with addresses a file already names).
 */
export function addStringMembers(
  text: string,
  path: readonly (string | number)[],
  child: string,
  values: Readonly<Record<string, string>>,
): string {
  const parent = nodeAt(parse(text), path);
  if (parent.kind !== "object") throw new Error(`/${path.join("/")} is not an object`);
  const last = parent.members.at(-1);
  if (!last) throw new Error(`/${path.join("/")} has no members`);
  const parentIndent = indentOf(text, last.keyStart);
  const member = (indent: string, [key, value]: [string, string]) =>
    `${indent}${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  const existing = parent.members.find((candidate) => candidate.key === child)?.value;
  if (!existing) {
    const lines = Object.entries(values).map((entry) => member(`${parentIndent}  `, entry));
    const block = `,\n${parentIndent}${JSON.stringify(child)}: {\n${lines.join(",\n")}\n${parentIndent}}`;
    return text.slice(0, last.value.end) + block + text.slice(last.value.end);
  }
  if (existing.kind !== "object") throw new Error(`/${[...path, child].join("/")} is not an object`);
  const taken = Object.keys(values).find((key) => existing.members.some((candidate) => candidate.key === key));
  if (taken) throw new Error(`/${[...path, child, taken].join("/")} already exists`);
  const lastMember = existing.members.at(-1);
  if (!lastMember) {
    const lines = Object.entries(values).map((entry) => member(`${parentIndent}  `, entry));
    return `${text.slice(0, existing.start + 1)}\n${lines.join(",\n")}\n${parentIndent}${text.slice(existing.end - 1)}`;
  }
  const lines = Object.entries(values).map((entry) => member(indentOf(text, lastMember.keyStart), entry));
  return `${text.slice(0, lastMember.value.end)},\n${lines.join(",\n")}${text.slice(lastMember.value.end)}`;
}

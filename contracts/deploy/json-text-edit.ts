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

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * Sets string members of the object `child` inside the object at `path`, editing the text in place so the rest
 * of the file keeps its layout: an existing member's value is replaced, a new member goes after the last one on
 * its own line with the same indentation, and a missing `child` object is added as the last member of `path`.
 */
export function setStringMembers(
  text: string,
  path: readonly (string | number)[],
  child: string,
  values: Readonly<Record<string, string>>,
): string {
  const parent = nodeAt(parse(text), path);
  if (parent.kind !== "object") throw new Error(`/${path.join("/")} is not an object`);
  const parentIndent = parent.members[0] ? indentOf(text, parent.members[0].keyStart) : "  ";
  const existing = parent.members.find((member) => member.key === child)?.value;
  const edits: Edit[] = [];
  if (!existing) {
    const last = parent.members.at(-1);
    if (!last) throw new Error(`/${path.join("/")} has no members`);
    const lines = Object.entries(values).map(
      ([key, value]) => `${parentIndent}  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
    );
    const block = `${JSON.stringify(child)}: {\n${lines.join(",\n")}\n${parentIndent}}`;
    edits.push({ start: last.value.end, end: last.value.end, text: `,\n${parentIndent}${block}` });
  } else {
    if (existing.kind !== "object") throw new Error(`/${[...path, child].join("/")} is not an object`);
    const added: string[] = [];
    const memberIndent = existing.members[0] ? indentOf(text, existing.members[0].keyStart) : `${parentIndent}  `;
    for (const [key, value] of Object.entries(values)) {
      const member = existing.members.find((candidate) => candidate.key === key);
      if (member) edits.push({ start: member.value.start, end: member.value.end, text: JSON.stringify(value) });
      else added.push(`${memberIndent}${JSON.stringify(key)}: ${JSON.stringify(value)}`);
    }
    const last = existing.members.at(-1);
    if (added.length > 0 && last) {
      edits.push({ start: last.value.end, end: last.value.end, text: `,\n${added.join(",\n")}` });
    } else if (added.length > 0) {
      edits.push({ start: existing.start + 1, end: existing.end - 1, text: `\n${added.join(",\n")}\n${parentIndent}` });
    }
  }
  return edits
    .sort((a, b) => b.start - a.start)
    .reduce((result, edit) => result.slice(0, edit.start) + edit.text + result.slice(edit.end), text);
}

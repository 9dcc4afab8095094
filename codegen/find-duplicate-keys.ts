import { joinPointer } from "./json-pointer.ts";

const KEY_TOKEN = /"(?:[^"\\]|\\.)*"\s*:/g;

function countKeys(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countKeys(item), 0);
  if (value === null || typeof value !== "object") return 0;
  let count = 0;
  for (const item of Object.values(value)) count += 1 + countKeys(item);
  return count;
}

/**
 * JSON.parse keeps the last of two equal keys and drops the first without a word. This finds such
 * keys in text that is already known to be valid JSON, so an edit is never silently lost.
 * Returns the pointer of every repeated key.
 */
export function findDuplicateKeys(text: string, parsed: unknown): string[] {
  // Fast path: in valid JSON a string followed by a colon is always a key. When the text holds as many keys
  // as the parsed document kept, nothing was dropped and the slow scan below is not needed.
  const written = text.match(KEY_TOKEN)?.length ?? 0;
  if (written === countKeys(parsed)) return [];
  const duplicates: string[] = [];
  let index = 0;

  const skipWhitespace = () => {
    while (index < text.length && " \t\r\n".includes(text[index] as string)) index++;
  };
  const readString = (): string => {
    const start = index;
    index++;
    while (text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
    index++;
    return JSON.parse(text.slice(start, index)) as string;
  };
  const readValue = (pointer: string): void => {
    skipWhitespace();
    const char = text[index];
    if (char === "{") {
      index++;
      const keys = new Set<string>();
      skipWhitespace();
      if (text[index] === "}") {
        index++;
        return;
      }
      for (;;) {
        skipWhitespace();
        const key = readString();
        if (keys.has(key)) duplicates.push(joinPointer(pointer, key));
        keys.add(key);
        skipWhitespace();
        index++; // ':'
        readValue(joinPointer(pointer, key));
        skipWhitespace();
        if (text[index++] === "}") return;
      }
    }
    if (char === "[") {
      index++;
      skipWhitespace();
      if (text[index] === "]") {
        index++;
        return;
      }
      for (let item = 0; ; item++) {
        readValue(joinPointer(pointer, item));
        skipWhitespace();
        if (text[index++] === "]") return;
      }
    }
    if (char === '"') {
      readString();
      return;
    }
    while (index < text.length && !",]} \t\r\n".includes(text[index] as string)) index++;
  };

  readValue("");
  return duplicates;
}

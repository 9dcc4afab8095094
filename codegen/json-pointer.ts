/** RFC 6901 JSON pointers. */

export function pointerOf(...segments: ReadonlyArray<string | number>): string {
  return segments.map((segment) => `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

export function joinPointer(base: string, ...segments: ReadonlyArray<string | number>): string {
  return base + pointerOf(...segments);
}

export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** The value at a pointer, or undefined when the path does not exist. */
export function valueAt(document: unknown, pointer: string): unknown {
  let current: unknown = document;
  for (const segment of splitPointer(pointer)) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Short renderings of config values for error messages. */

const MAX_SHOWN = 72;

/** The value as the operator wrote it: strings quoted, long ones cut. */
export function showValue(value: unknown): string {
  if (typeof value === "string") {
    const quoted = JSON.stringify(value);
    return quoted.length > MAX_SHOWN ? `${quoted.slice(0, MAX_SHOWN - 4)}..."` : quoted;
  }
  if (value === null || typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "a list";
  return "an object";
}

/** "a string", "a number", "an object" ... for "is <kind>" phrases. */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "number") return Number.isInteger(value) ? "an integer" : "a number";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

/** "an integer", "a list (JSON array)" ... for "expected <kind>" phrases, from a JSON Schema type name. */
export function expectedKind(type: string): string {
  switch (type) {
    case "integer":
      return "an integer";
    case "object":
      return "an object";
    case "array":
      return "a list (JSON array)";
    case "null":
      return "null";
    default:
      return `a ${type}`;
  }
}

/** The closest candidate by edit distance, when it is close enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(word.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export function listQuoted(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(", ");
}

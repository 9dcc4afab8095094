import { type KeysharesEntry, keysharesEntrySchema, keysharesFileSchema } from "./keyshares-file.ts";
import { type EntryLocation, entryProblem, type KeysharesProblem, shortPublicKey } from "./keyshares-problem.ts";

/** An uploaded file: its name, as the user knows it, and its text. */
export interface KeysharesUpload {
  readonly name: string;
  readonly text: string;
}

export interface ReadEntry {
  readonly at: EntryLocation;
  readonly entry: KeysharesEntry;
}

/** A problem found while reading, with its place: its file and entry (-1 for the file as a whole). */
export interface PlacedProblem {
  readonly fileIndex: number;
  readonly entryIndex: number;
  readonly problem: KeysharesProblem;
}

export interface ReadKeysharesFiles {
  /** Every entry in the format, in upload order. */
  readonly entries: readonly ReadEntry[];
  /** How many entries the files hold, readable or not: each is one validator to register. */
  readonly entryCount: number;
  readonly problems: readonly PlacedProblem[];
}

const fieldPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : `${text}${text ? "." : ""}${String(part)}`),
    "",
  );

/**
 * Parses uploaded keyshares files: JSON, the file's frame, then each entry on its own, so one malformed entry
 * hides nothing about the others. One problem per malformed field.
 */
export function readKeysharesFiles(files: readonly KeysharesUpload[]): ReadKeysharesFiles {
  const entries: ReadEntry[] = [];
  const problems: PlacedProblem[] = [];
  let entryCount = 0;
  files.forEach((upload, fileIndex) => {
    const file = upload.name;
    let json: unknown;
    try {
      json = JSON.parse(upload.text);
    } catch {
      problems.push({ fileIndex, entryIndex: -1, problem: { key: "ssv.keyshares.notJson", values: { file } } });
      return;
    }
    const frame = keysharesFileSchema.safeParse(json);
    if (!frame.success) {
      const problem = frameProblem(file, json, frame.error.issues[0]?.path ?? []);
      problems.push({ fileIndex, entryIndex: -1, problem });
      return;
    }
    frame.data.shares.forEach((raw, entryIndex) => {
      entryCount += 1;
      const parsed = keysharesEntrySchema.safeParse(raw);
      const publicKey = parsed.success ? parsed.data.data.publicKey : readablePublicKey(raw);
      const validator = publicKey ? shortPublicKey(publicKey) : `#${entryIndex + 1}`;
      const at: EntryLocation = { fileIndex, file, entryIndex, validator };
      if (parsed.success) {
        entries.push({ at, entry: parsed.data });
        return;
      }
      const fields = new Set(parsed.error.issues.map((issue) => fieldPath(issue.path) || "entry"));
      for (const field of fields) {
        problems.push({ fileIndex, entryIndex, problem: entryProblem(at, "malformedEntry", { field }) });
      }
    });
  });
  return { entries, entryCount, problems };
}

function frameProblem(file: string, json: unknown, path: readonly PropertyKey[]): KeysharesProblem {
  const body = (typeof json === "object" && json !== null ? json : {}) as Record<string, unknown>;
  if (path[0] === "version" && typeof body.version === "string") {
    return { key: "ssv.keyshares.unsupportedVersion", values: { file, version: body.version } };
  }
  if (path[0] === "shares" && Array.isArray(body.shares) && body.shares.length === 0) {
    return { key: "ssv.keyshares.noValidators", values: { file } };
  }
  return { key: "ssv.keyshares.notKeysharesFile", values: { file } };
}

/** The entry's data.publicKey when it looks like one, to name an otherwise malformed entry. */
function readablePublicKey(raw: unknown): string | undefined {
  const value = (raw as { data?: { publicKey?: unknown } } | null)?.data?.publicKey;
  return typeof value === "string" && /^0x[0-9a-fA-F]{96}$/.test(value) ? value : undefined;
}

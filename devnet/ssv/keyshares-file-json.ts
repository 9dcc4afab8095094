import { KEYSHARES_FILE_VERSION, type KeysharesEntry } from "../../src/core/ssv/keyshares-file.ts";

/** A keyshares file's text as the SSV keys tool writes it: format version, creation time, one entry per validator. */
export function keysharesFileJson(entries: readonly KeysharesEntry[], createdAt: Date = new Date()): string {
  const file = { version: KEYSHARES_FILE_VERSION, createdAt: createdAt.toISOString(), shares: entries };
  return `${JSON.stringify(file, null, 2)}\n`;
}

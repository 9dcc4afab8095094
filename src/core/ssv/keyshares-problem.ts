/** The rules a keyshares upload can break, each a text in locales/*.json under `ssv.keyshares`. */
export type KeysharesProblemName =
  | "notJson"
  | "notKeysharesFile"
  | "unsupportedVersion"
  | "noValidators"
  | "malformedEntry"
  | "ownerMismatch"
  | "nonceStale"
  | "nonceOutOfSequence"
  | "nonceNotNext"
  | "nonceRepeated"
  | "operatorsMismatch"
  | "operatorKeyMismatch"
  | "payloadOperatorsMismatch"
  | "payloadPublicKeyMismatch"
  | "sharesLength"
  | "signatureInvalid"
  | "sharePublicKeyInvalid"
  | "sharesNotForValidator"
  | "shareOffSplit"
  | "sharesBelowThreshold"
  | "alreadyRegistered"
  | "duplicateValidator";

/**
 * One thing wrong with an uploaded keyshares file, as a locale key under `ssv.keyshares` and the values its
 * text names (the file, the validator, what was found, what is expected). The screen translates it with
 * `t(problem.key, problem.values)`; one problem is one line.
 */
export interface KeysharesProblem {
  readonly key: `ssv.keyshares.${KeysharesProblemName}`;
  readonly values: Readonly<Record<string, string | number>>;
}

/** Where an entry sits: its file and its place in the file's `shares` (from 0). */
export interface EntryLocation {
  readonly fileIndex: number;
  readonly file: string;
  readonly entryIndex: number;
  /** How the user recognises the entry: its public key shortened (0xa063fa…7bc501), or #n when it has none. */
  readonly validator: string;
}

/** 0xa063fa…7bc501: enough of a public key to recognise it in a list. */
export function shortPublicKey(publicKey: string): string {
  return `${publicKey.slice(0, 8)}…${publicKey.slice(-6)}`;
}

/** A problem about one entry: its file and validator come first in the values. */
export function entryProblem(
  at: EntryLocation,
  name: KeysharesProblemName,
  values: Readonly<Record<string, string | number>> = {},
): KeysharesProblem {
  return { key: `ssv.keyshares.${name}`, values: { file: at.file, validator: at.validator, ...values } };
}

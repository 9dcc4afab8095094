import { type Hex, hexToBytes } from "viem";
import type { SignatureCheck, VerifySignatures } from "../deposit/signing.ts";
import { checkKeysharesEntry, type SelectedSsvOperator } from "./check-keyshares-entry.ts";
import { checkNonceSequence } from "./check-nonce-sequence.ts";
import { OWNER_SIGNATURE_BYTES } from "./keyshares-file.ts";
import { entryProblem, type KeysharesProblem } from "./keyshares-problem.ts";
import { ownerNonceMessage } from "./owner-nonce-message.ts";
import { type KeysharesUpload, type ReadEntry, readKeysharesFiles } from "./read-keyshares-files.ts";

export type { SelectedSsvOperator } from "./check-keyshares-entry.ts";
export type { KeysharesProblem, KeysharesProblemName } from "./keyshares-problem.ts";
export type { KeysharesUpload } from "./read-keyshares-files.ts";

export interface KeysharesExpectations {
  /** The connected wallet: the owner every entry must be made for. */
  readonly owner: string;
  /** The owner's next registration nonce on the SSV network (its on-chain nonce). */
  readonly nextNonce: number;
  /** The operators the user selected, with their registered public keys (base64 PEM, as GET /ssv/operators serves). */
  readonly operators: readonly SelectedSsvOperator[];
  /** Whether a validator public key is already registered on the SSV network; a rejection rejects the verification. */
  readonly isRegistered: (publicKey: Hex) => Promise<boolean>;
}

/** A validator ready to register: registerValidator's publicKey, operatorIds and shares. */
export interface SsvValidatorShares {
  readonly file: string;
  readonly publicKey: Hex;
  readonly ownerNonce: number;
  readonly operatorIds: readonly number[];
  readonly sharesData: Hex;
}

export type KeysharesVerification =
  | { readonly ok: true; readonly validators: readonly SsvValidatorShares[] }
  | { readonly ok: false; readonly problems: readonly KeysharesProblem[] };

/**
 * Verifies uploaded keyshares files before anything is signed: each file's format; per validator the owner
 * (the connected wallet), the operators and their registered keys, payload = data, the shares' length, the
 * validator key's BLS signature over owner:nonce (by `verifySignatures`: in the browser, the deposit-data
 * verifier's WebAssembly worker), not registered yet; across files, nonces nextNonce … nextNonce + count - 1
 * and no validator twice. Every problem is one line (a locale key and its values); when there is none, the
 * validators come back sorted by nonce, the order they must be registered in.
 */
export async function verifyKeyshares(
  files: readonly KeysharesUpload[],
  expected: KeysharesExpectations,
  verifySignatures: VerifySignatures,
): Promise<KeysharesVerification> {
  const read = readKeysharesFiles(files);
  const perEntry = new Map<ReadEntry, KeysharesProblem[]>(read.entries.map((entry) => [entry, []]));
  const add = (entry: ReadEntry, problems: readonly KeysharesProblem[]) => perEntry.get(entry)?.push(...problems);

  const unique: ReadEntry[] = [];
  const firstWithKey = new Map<string, ReadEntry>();
  for (const entry of read.entries) {
    const key = entry.entry.data.publicKey.toLowerCase();
    const first = firstWithKey.get(key);
    if (first) add(entry, [entryProblem(entry.at, "duplicateValidator", { otherFile: first.at.file })]);
    else {
      firstWithKey.set(key, entry);
      unique.push(entry);
    }
  }
  for (const entry of unique) add(entry, checkKeysharesEntry(entry, expected.owner, expected.operators));
  const duplicates = read.entries.length - unique.length;
  checkNonceSequence(unique, read.entryCount - duplicates, expected.nextNonce).forEach((problem, index) => {
    if (problem) add(unique[index] as ReadEntry, [problem]);
  });

  const signed = unique.filter((entry) => entry.entry.payload.sharesData.length >= 2 + OWNER_SIGNATURE_BYTES * 2);
  const [valid, registered] = await Promise.all([
    signed.length > 0 ? verifySignatures(signed.map(signatureCheck)) : [],
    Promise.all(unique.map((entry) => expected.isRegistered(entry.entry.data.publicKey as Hex))),
  ]);
  signed.forEach((entry, index) => {
    if (valid[index] !== true) add(entry, [entryProblem(entry.at, "signatureInvalid")]);
  });
  unique.forEach((entry, index) => {
    if (registered[index]) add(entry, [entryProblem(entry.at, "alreadyRegistered")]);
  });

  // In reading order: file by file, entry by entry, a file's own problem first.
  const placed = [
    ...read.problems,
    ...read.entries.flatMap((entry) => (perEntry.get(entry) ?? []).map((problem) => ({ ...entry.at, problem }))),
  ].sort((a, b) => a.fileIndex - b.fileIndex || a.entryIndex - b.entryIndex);
  if (placed.length > 0) return { ok: false, problems: placed.map(({ problem }) => problem) };
  const validators = unique
    .map(({ at, entry }) => ({
      file: at.file,
      publicKey: entry.payload.publicKey as Hex,
      ownerNonce: entry.data.ownerNonce,
      operatorIds: entry.payload.operatorIds,
      sharesData: entry.payload.sharesData as Hex,
    }))
    .sort((a, b) => a.ownerNonce - b.ownerNonce);
  return { ok: true, validators };
}

function signatureCheck({ entry }: ReadEntry): SignatureCheck {
  return {
    publicKey: hexToBytes(entry.data.publicKey as Hex),
    signingRoot: ownerNonceMessage(entry.data.ownerAddress, entry.data.ownerNonce),
    signature: hexToBytes(entry.payload.sharesData as Hex).subarray(0, OWNER_SIGNATURE_BYTES),
  };
}

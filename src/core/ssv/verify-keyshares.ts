import { type Hex, hexToBytes } from "viem";
import type { SignatureCheck, VerifySignatures } from "../deposit/signing.ts";
import { checkKeysharesEntry, type SelectedSsvOperator } from "./check-keyshares-entry.ts";
import { checkNonceSequence } from "./check-nonce-sequence.ts";
import type { CheckShareKeys, ShareKeysCheck, ShareKeysProblem } from "./check-share-public-keys.ts";
import { OWNER_SIGNATURE_BYTES, SHARE_PUBLIC_KEY_BYTES, sharesDataLength } from "./keyshares-file.ts";
import { entryProblem, type KeysharesProblem } from "./keyshares-problem.ts";
import { ownerNonceMessage } from "./owner-nonce-message.ts";
import { type KeysharesUpload, type ReadEntry, readKeysharesFiles } from "./read-keyshares-files.ts";
import { isSsvClusterSize } from "./ssv-cluster.ts";

export type { SelectedSsvOperator } from "./check-keyshares-entry.ts";
export type { CheckShareKeys } from "./check-share-public-keys.ts";
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
 * verifier's WebAssembly worker), the share public keys being one split of the validator key (by
 * `checkShareKeys`: the signature covers only the first 96 bytes of the shares, so without it shares spliced
 * from another validator would pass), not registered yet; across files, nonces nextNonce … nextNonce + count - 1
 * and no validator twice. Every problem is one line (a locale key and its values); when there is none, the
 * validators come back sorted by nonce, the order they must be registered in.
 */
export async function verifyKeyshares(
  files: readonly KeysharesUpload[],
  expected: KeysharesExpectations,
  verifySignatures: VerifySignatures,
  checkShareKeys: CheckShareKeys,
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
  const split = unique.flatMap((entry) => {
    const check = shareKeysCheck(entry);
    return check ? [{ entry, check }] : [];
  });
  const [valid, registered, splitProblems] = await Promise.all([
    signed.length > 0 ? verifySignatures(signed.map(signatureCheck)) : [],
    Promise.all(unique.map((entry) => expected.isRegistered(entry.entry.data.publicKey as Hex))),
    split.length > 0 ? checkShareKeys(split.map(({ check }) => check)) : [],
  ]);
  signed.forEach((entry, index) => {
    if (valid[index] !== true) add(entry, [entryProblem(entry.at, "signatureInvalid")]);
  });
  split.forEach(({ entry }, index) => {
    add(
      entry,
      (splitProblems[index] ?? []).map((problem) => shareKeysProblem(entry, problem)),
    );
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

/**
 * The share public keys of an entry whose payload repeats its data and whose shares have the length its
 * operators need, for as many distinct operators as an SSV cluster has; undefined otherwise (the entry rules
 * already say what is wrong).
 */
function shareKeysCheck({ entry }: ReadEntry): ShareKeysCheck | undefined {
  const { data, payload } = entry;
  const operatorIds = payload.operatorIds;
  const shares = hexToBytes(payload.sharesData as Hex);
  if (payload.publicKey.toLowerCase() !== data.publicKey.toLowerCase()) return undefined;
  if (operatorIds.join() !== data.operators.map((operator) => operator.id).join()) return undefined;
  if (!isSsvClusterSize(operatorIds.length) || new Set(operatorIds).size !== operatorIds.length) return undefined;
  if (shares.length !== sharesDataLength(operatorIds.length)) return undefined;
  return {
    publicKey: hexToBytes(entry.payload.publicKey as Hex),
    operatorIds,
    sharePublicKeys: operatorIds.map((_, k) =>
      shares.subarray(
        OWNER_SIGNATURE_BYTES + k * SHARE_PUBLIC_KEY_BYTES,
        OWNER_SIGNATURE_BYTES + (k + 1) * SHARE_PUBLIC_KEY_BYTES,
      ),
    ),
  };
}

/** A share-key problem as a line naming the entry: its file, its place in the file (from 1) and its validator. */
function shareKeysProblem({ at }: ReadEntry, found: ShareKeysProblem): KeysharesProblem {
  const entry = at.entryIndex + 1;
  switch (found.problem) {
    case "sharePublicKeyInvalid":
    case "shareOffSplit":
      return entryProblem(at, found.problem, { entry, operator: found.operator });
    case "sharesNotForValidator":
      return entryProblem(at, found.problem, { entry });
    case "sharesBelowThreshold":
      return entryProblem(at, found.problem, { entry, threshold: found.threshold, operators: found.operators });
  }
}

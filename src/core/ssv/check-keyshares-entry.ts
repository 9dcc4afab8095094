import { sharesDataLength } from "./keyshares-file.ts";
import { entryProblem, type KeysharesProblem } from "./keyshares-problem.ts";
import type { ReadEntry } from "./read-keyshares-files.ts";

/** An operator the user selected, with its public key as registered on the SSV network (base64 of a PEM). */
export interface SelectedSsvOperator {
  readonly id: number;
  readonly publicKey: string;
}

const ids = (list: readonly number[]) => list.join(", ");
const ascending = (list: readonly number[]) => [...list].sort((a, b) => a - b);

/**
 * The rules one entry must meet on its own: made for the connected wallet, split for exactly the selected
 * operators with their registered keys, a payload that repeats its data, and shares of the length its
 * operators need. The nonce, duplicate, registration and signature rules look across entries or away.
 */
export function checkKeysharesEntry(
  { at, entry }: ReadEntry,
  owner: string,
  selection: readonly SelectedSsvOperator[],
): KeysharesProblem[] {
  const problems: KeysharesProblem[] = [];
  const { data, payload } = entry;
  if (data.ownerAddress.toLowerCase() !== owner.toLowerCase()) {
    problems.push(entryProblem(at, "ownerMismatch", { found: data.ownerAddress, expected: owner }));
  }
  const fileIds = data.operators.map((operator) => operator.id);
  const selectedIds = ascending(selection.map((operator) => operator.id));
  if (ids(ascending(fileIds)) !== ids(selectedIds)) {
    problems.push(
      entryProblem(at, "operatorsMismatch", { found: ids(ascending(fileIds)), expected: ids(selectedIds) }),
    );
  } else {
    const registered = new Map(selection.map((operator) => [operator.id, operator.publicKey.trim()]));
    for (const operator of data.operators) {
      if (operator.operatorKey.trim() !== registered.get(operator.id)) {
        problems.push(entryProblem(at, "operatorKeyMismatch", { operator: operator.id }));
      }
    }
  }
  if (ids(payload.operatorIds) !== ids(fileIds)) {
    problems.push(
      entryProblem(at, "payloadOperatorsMismatch", { found: ids(payload.operatorIds), expected: ids(fileIds) }),
    );
  }
  if (payload.publicKey.toLowerCase() !== data.publicKey.toLowerCase()) {
    problems.push(entryProblem(at, "payloadPublicKeyMismatch"));
  }
  const length = (payload.sharesData.length - 2) / 2;
  const expected = sharesDataLength(data.operators.length);
  if (length !== expected) {
    problems.push(entryProblem(at, "sharesLength", { found: length, expected, operators: data.operators.length }));
  }
  return problems;
}

import { entryProblem, type KeysharesProblem } from "./keyshares-problem.ts";
import type { ReadEntry } from "./read-keyshares-files.ts";

/**
 * The owner nonces across all uploaded entries: registration n uses nonce n, so `count` validators registered
 * one after the other from the on-chain next nonce use exactly nextNonce … nextNonce + count - 1, in any file
 * and upload order (the flow registers them sorted by nonce). One problem per entry that breaks it: a nonce
 * already used (stale), one beyond the range (for a single validator: not the next nonce), or one another entry
 * already has. Undefined when the nonce fits.
 */
export function checkNonceSequence(
  entries: readonly ReadEntry[],
  count: number,
  nextNonce: number,
): (KeysharesProblem | undefined)[] {
  const last = nextNonce + count - 1;
  const firstWith = new Map<number, ReadEntry>();
  return entries.map((read) => {
    const nonce = read.entry.data.ownerNonce;
    if (nonce < nextNonce) return entryProblem(read.at, "nonceStale", { found: nonce, expected: nextNonce });
    if (nonce > last && count === 1)
      return entryProblem(read.at, "nonceNotNext", { found: nonce, expected: nextNonce });
    if (nonce > last) return entryProblem(read.at, "nonceOutOfSequence", { found: nonce, first: nextNonce, last });
    const other = firstWith.get(nonce);
    if (other) {
      return entryProblem(read.at, "nonceRepeated", {
        found: nonce,
        otherFile: other.at.file,
        otherValidator: other.at.validator,
      });
    }
    firstWith.set(nonce, read);
    return undefined;
  });
}

/** What is wrong with a typed count of whole units (votes, validators); each key is a locale key. */
export type WholeCountProblem =
  | { readonly key: "count.errors.required" }
  | { readonly key: "count.errors.notANumber" }
  | { readonly key: "count.errors.notWhole" }
  | { readonly key: "count.errors.notPositive" }
  | { readonly key: "count.errors.tooMany"; readonly values: { max: string } };

export type WholeCountCheck =
  | { readonly ok: true; readonly count: bigint }
  | { readonly ok: false; readonly problem: WholeCountProblem };

const fail = (problem: WholeCountProblem): WholeCountCheck => ({ ok: false, problem });

/**
 * Reads a count a user typed (votes to unstake): digits only, above zero, at most `max`. Never throws: "abc",
 * "1.5", "-1", "1e3" and "" each get their own problem, so a form can say what is wrong instead of failing on
 * BigInt("1.5").
 */
export function checkWholeCount(text: string, max?: bigint): WholeCountCheck {
  const trimmed = text.trim();
  if (trimmed === "") return fail({ key: "count.errors.required" });
  if (/^[+-]?\d+[.,]\d*$|^[+-]?[.,]\d+$/.test(trimmed)) return fail({ key: "count.errors.notWhole" });
  if (/^-\d+$/.test(trimmed)) return fail({ key: "count.errors.notPositive" });
  if (!/^\+?\d+$/.test(trimmed)) return fail({ key: "count.errors.notANumber" });
  const count = BigInt(trimmed.replace(/^\+/, ""));
  if (count === 0n) return fail({ key: "count.errors.notPositive" });
  if (max !== undefined && count > max) return fail({ key: "count.errors.tooMany", values: { max: max.toString() } });
  return { ok: true, count };
}

import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { isObject } from "./context.ts";

/**
 * Two files must never claim the same slug, even differing only in case. The file whose name is the slug
 * keeps it; every other claimant is reported.
 */
export const uniqueSlugs: Rule = ({ networks }) => {
  const claims = new Map<string, Array<{ file: string; name: string; slug: string }>>();
  for (const { file, name, data } of networks) {
    const slug = isObject(data) ? data.slug : undefined;
    if (typeof slug !== "string") continue;
    const key = slug.toLowerCase();
    claims.set(key, [...(claims.get(key) ?? []), { file, name, slug }]);
  }
  const problems: Problem[] = [];
  for (const claimants of claims.values()) {
    if (claimants.length < 2) continue;
    const owner = claimants.find((claim) => claim.name === claim.slug) ?? (claimants[0] as (typeof claimants)[0]);
    for (const claim of claimants) {
      if (claim === owner) continue;
      problems.push({
        file: claim.file,
        pointer: "/slug",
        message: `"${claim.slug}" is already the slug of ${owner.file}: expected a slug no other network file uses`,
      });
    }
  }
  return problems;
};

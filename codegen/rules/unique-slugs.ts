import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { isObject } from "./context.ts";

/** Two files must never claim the same slug, even differing only in case. */
export const uniqueSlugs: Rule = ({ networks }) => {
  const problems: Problem[] = [];
  const owners = new Map<string, string>();
  for (const { file, data } of networks) {
    const slug = isObject(data) ? data.slug : undefined;
    if (typeof slug !== "string") continue;
    const owner = owners.get(slug.toLowerCase());
    if (owner) {
      problems.push({
        file,
        pointer: "/slug",
        message: `"${slug}" is already the slug of ${owner}: expected a slug no other network file uses`,
      });
    } else {
      owners.set(slug.toLowerCase(), file);
    }
  }
  return problems;
};

import { showValue } from "../describe-value.ts";
import type { Rule } from "./context.ts";
import { isObject } from "./context.ts";

const SLUG = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** networks/<slug>.json: the file name is the slug, so a network is found by its URL. */
export const fileNameMatchesSlug: Rule = ({ networks }) =>
  networks.flatMap(({ file, name, data }) => {
    if (!SLUG.test(name)) {
      return [
        {
          file,
          pointer: "",
          message: `the file name "${name}.json" is not a slug: expected a lower-case name of letters, digits and single hyphens, equal to the network's slug (such as "ethereum.json")`,
        },
      ];
    }
    const slug = isObject(data) ? data.slug : undefined;
    if (typeof slug !== "string" || slug === name) return [];
    return [
      {
        file,
        pointer: "/slug",
        message: `${showValue(slug)} does not match the file name ${name}.json: expected "${name}" (the slug is the file name without .json; rename the file or change the slug)`,
      },
    ];
  });

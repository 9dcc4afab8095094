import { FAMILY_REQUIREMENTS, type FieldRequirement, familyRequirementsOf } from "../../src/families/requirements.ts";
import { closest, listQuoted, showValue } from "../describe-value.ts";
import { joinPointer } from "../json-pointer.ts";
import type { Problem } from "../problem.ts";
import type { JsonObject, Rule } from "./context.ts";
import { arrayAt, isObject } from "./context.ts";
import { offeringsOf } from "./offerings.ts";

/**
 * Every network (and sub-network) names a registered family, and carries what that family declares it needs
 * (src/families/<family>/requirements.ts, listed in src/families/requirements.ts): its own fields, at least
 * one environment, and fields of each environment. The rule knows no family by name.
 */
export const familyRequirements: Rule = ({ networks }) =>
  networks.flatMap(({ file, data }) => {
    const problems: Problem[] = [];
    const live = isObject(data) && data.status === "live";
    for (const { pointer, value } of offeringsOf(data)) {
      const at = (where: string, message: string) => problems.push({ file, pointer: where, message });
      if (typeof value.family !== "string") continue; // the schema reports a missing or non-text family
      const requirements = familyRequirementsOf(value.family);
      if (!requirements) {
        const registered = FAMILY_REQUIREMENTS.map((entry) => entry.family);
        const guess = closest(value.family, registered);
        at(
          joinPointer(pointer, "family"),
          `${showValue(value.family)} is not a registered family${guess ? ` (did you mean "${guess}"?)` : ""}: expected one of ${listQuoted(registered)} (src/families/requirements.ts)`,
        );
        continue;
      }
      const check = (holder: JsonObject, where: string, field: FieldRequirement) => {
        if (field.onlyWhenLive && !live) return;
        const parents = field.path.slice(0, -1);
        const last = field.path[field.path.length - 1] ?? "";
        let parent: unknown = holder;
        for (const segment of parents) {
          parent = isObject(parent) ? parent[segment] : undefined;
          if (parent !== undefined && !isObject(parent)) return; // the schema reports a wrong type
        }
        if (isObject(parent) && parent[last] !== undefined) return;
        at(
          joinPointer(where, ...parents),
          `missing "${last}": the ${requirements.family} family ${field.because}; expected ${field.expected}`,
        );
      };
      for (const field of requirements.fields ?? []) check(value, pointer, field);
      const environments = arrayAt(value.environments);
      environments.forEach((environment, index) => {
        if (!isObject(environment)) return;
        for (const field of requirements.environmentFields ?? []) {
          check(environment, joinPointer(pointer, "environments", index), field);
        }
      });
      if (requirements.environments && environments.length === 0) {
        at(
          pointer,
          `has no environments: the ${requirements.family} family ${requirements.environments.because}; expected at least one entry in "environments"`,
        );
      }
    }
    return problems;
  });

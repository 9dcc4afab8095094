import { showValue } from "../describe-value.ts";
import { joinPointer } from "../json-pointer.ts";
import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { isObject } from "./context.ts";
import { delegationTargetIdProblem, EXPECTED_TARGET_ID } from "./delegation-target-ids.ts";
import { offeringsOf } from "./offerings.ts";

/**
 * A guided network's `guide.delegateTo.id` is what users paste into their wallet: it must be a well-formed id
 * of its kind, checksum included, or users would delegate to whoever holds the mistyped one.
 */
export const delegationTargets: Rule = ({ networks }) =>
  networks.flatMap(({ file, data }) => {
    const problems: Problem[] = [];
    for (const { pointer, value } of offeringsOf(data)) {
      const target = isObject(value.guide) ? value.guide.delegateTo : undefined;
      if (!isObject(target) || typeof target.id !== "string" || typeof target.kind !== "string") continue;
      const problem = delegationTargetIdProblem(target.kind, target.id);
      if (!problem) continue;
      problems.push({
        file,
        pointer: joinPointer(pointer, "guide", "delegateTo", "id"),
        message: `${showValue(target.id)} is not a valid ${target.kind} id: ${problem}; expected ${EXPECTED_TARGET_ID[target.kind]}`,
      });
    }
    return problems;
  });

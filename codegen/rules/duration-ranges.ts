import { parseDuration } from "../../src/core/duration.ts";
import { joinPointer } from "../json-pointer.ts";
import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { isObject } from "./context.ts";
import { offeringsOf } from "./offerings.ts";

const RANGES = ["delegationPeriod", "withdrawalTime"] as const;

/** In a duration range (delegation period, withdrawal time) min is no longer than max. */
export const durationRanges: Rule = ({ networks }) =>
  networks.flatMap(({ file, data }) => {
    const problems: Problem[] = [];
    for (const offering of offeringsOf(data)) {
      const staking = offering.value.staking;
      if (!isObject(staking)) continue;
      for (const field of RANGES) {
        const range = staking[field];
        if (!isObject(range) || typeof range.min !== "string" || typeof range.max !== "string") continue;
        const min = parseDuration(range.min);
        const max = parseDuration(range.max);
        if (min && max && min.seconds > max.seconds) {
          problems.push({
            file,
            pointer: joinPointer(offering.pointer, "staking", field, "min"),
            message: `"${range.min}" is longer than the max "${range.max}": expected a min no longer than the max`,
          });
        }
      }
    }
    return problems;
  });

import {
  compareDecimals,
  formatDecimal,
  isMultipleOf,
  parseDecimal,
  subtractDecimals,
} from "../../src/core/decimal.ts";
import { joinPointer } from "../json-pointer.ts";
import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { isObject } from "./context.ts";
import { offeringsOf } from "./offerings.ts";

/** minimum ≤ maximum, and the step divides the range from minimum (or zero) to maximum. */
export const amountRanges: Rule = ({ networks }) =>
  networks.flatMap(({ file, data }) => {
    const problems: Problem[] = [];
    for (const offering of offeringsOf(data)) {
      const staking = offering.value.staking;
      if (!isObject(staking)) continue;
      const pointer = joinPointer(offering.pointer, "staking");
      const read = (field: string) => (typeof staking[field] === "string" ? parseDecimal(staking[field]) : undefined);
      const minimum = read("minimum");
      const maximum = read("maximum");
      const step = read("step");
      if (minimum && maximum && compareDecimals(minimum, maximum) > 0) {
        problems.push({
          file,
          pointer: joinPointer(pointer, "maximum"),
          message: `"${staking.maximum}" is less than the minimum "${staking.minimum}": expected a maximum of at least "${staking.minimum}"`,
        });
        continue;
      }
      if (step && step.units > 0n && maximum) {
        const low = minimum ?? { units: 0n, scale: 0 };
        const range = subtractDecimals(maximum, low);
        if (!isMultipleOf(range, step)) {
          problems.push({
            file,
            pointer: joinPointer(pointer, "step"),
            message: `"${staking.step}" does not divide the range from "${formatDecimal(low)}" to "${staking.maximum}" (${formatDecimal(range)}): expected a step that fits a whole number of times, so the maximum can be reached`,
          });
        }
      }
    }
    return problems;
  });

import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";

/** A chain id belongs to one environment of one network, so a transaction is never built for the wrong one. */
export const uniqueChainIds: Rule = ({ networks }) => {
  const problems: Problem[] = [];
  const owners = new Map<number, string>();
  for (const { file, marks } of networks) {
    for (const mark of marks) {
      if (mark.kind !== "chain-id" || typeof mark.value !== "number") continue;
      const owner = owners.get(mark.value);
      if (owner) {
        problems.push({
          file,
          pointer: mark.pointer,
          message: `chain id ${mark.value} is already used by ${owner}: expected a chain id no other environment uses`,
        });
      } else {
        owners.set(mark.value, `${file} ${mark.pointer}`);
      }
    }
  }
  return problems;
};

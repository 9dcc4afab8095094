import type { Problem } from "../problem.ts";
import { arrayAt, isObject, type Rule } from "./context.ts";

/** SSV settings only make sense on a chain with an SSV network contract: the operators they name live there. */
export const ssvSettings: Rule = ({ networks }) => {
  const problems: Problem[] = [];
  for (const { file, data } of networks) {
    if (!isObject(data)) continue;
    arrayAt(data.environments).forEach((environment, index) => {
      if (!isObject(environment) || !isObject(environment.ssv)) return;
      const contracts = isObject(environment.contracts) ? environment.contracts : {};
      if (typeof contracts.ssvNetwork === "string") return;
      problems.push({
        file,
        pointer: `/environments/${index}/ssv`,
        message: "SSV settings without an SSV network: expected contracts.ssvNetwork in the same environment",
      });
    });
  }
  return problems;
};

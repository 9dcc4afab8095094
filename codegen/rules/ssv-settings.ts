import type { Problem } from "../problem.ts";
import { arrayAt, isObject, type Rule } from "./context.ts";

/**
 * SSV settings and an SSV network go together: the operators the settings name live on that network, and the
 * flow and the server count that network's fees in the settings' blocks a day.
 */
export const ssvSettings: Rule = ({ networks }) => {
  const problems: Problem[] = [];
  for (const { file, data } of networks) {
    if (!isObject(data)) continue;
    arrayAt(data.environments).forEach((environment, index) => {
      if (!isObject(environment)) return;
      const contracts = isObject(environment.contracts) ? environment.contracts : {};
      const hasNetwork = typeof contracts.ssvNetwork === "string";
      if (isObject(environment.ssv) && !hasNetwork) {
        problems.push({
          file,
          pointer: `/environments/${index}/ssv`,
          message: "SSV settings without an SSV network: expected contracts.ssvNetwork in the same environment",
        });
      }
      if (hasNetwork && environment.ssv === undefined) {
        problems.push({
          file,
          pointer: `/environments/${index}`,
          message:
            'an SSV network without SSV settings: expected "ssv": { "verifiedOperators": [...], "blocksPerDay": 7160 } (the flow counts fees in its blocks a day)',
        });
      }
    });
  }
  return problems;
};

import type { Problem } from "../problem.ts";
import { arrayAt, isObject, type Rule } from "./context.ts";

/** A token is listed once per environment, so the kit never shows the same balance twice. */
export const uniqueTokenAddresses: Rule = ({ networks }) => {
  const problems: Problem[] = [];
  for (const { file, data } of networks) {
    if (!isObject(data)) continue;
    const parts = [
      { prefix: "", environments: arrayAt(data.environments) },
      ...arrayAt(data.subNetworks).map((sub, index) => ({
        prefix: `/subNetworks/${index}`,
        environments: isObject(sub) ? arrayAt(sub.environments) : [],
      })),
    ];
    for (const { prefix, environments } of parts) {
      environments.forEach((environment, environmentIndex) => {
        if (!isObject(environment)) return;
        const seen = new Map<string, number>();
        arrayAt(environment.tokens).forEach((token, tokenIndex) => {
          if (!isObject(token) || typeof token.address !== "string") return;
          const key = token.address.toLowerCase();
          const first = seen.get(key);
          if (first === undefined) {
            seen.set(key, tokenIndex);
            return;
          }
          problems.push({
            file,
            pointer: `${prefix}/environments/${environmentIndex}/tokens/${tokenIndex}/address`,
            message: `token ${token.address} is already listed at /tokens/${first}: expected each token once per environment`,
          });
        });
      });
    }
  }
  return problems;
};

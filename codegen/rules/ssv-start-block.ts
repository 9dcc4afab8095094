import type { Problem } from "../problem.ts";
import { arrayAt, isObject, type Rule } from "./context.ts";

/**
 * Outside a devnet, an environment with an SSV network names the block it was deployed in: the indexer reads
 * the network's events from there, and from block 0 it would read millions of blocks with none.
 */
export const ssvStartBlock: Rule = ({ networks }) => {
  const problems: Problem[] = [];
  for (const { file, data } of networks) {
    if (!isObject(data)) continue;
    arrayAt(data.environments).forEach((environment, index) => {
      if (!isObject(environment) || environment.kind === "devnet") return;
      const contracts = isObject(environment.contracts) ? environment.contracts : {};
      if (typeof contracts.ssvNetwork !== "string") return;
      // Without SSV settings at all, the ssvSettings rule already says what the environment lacks.
      if (!isObject(environment.ssv) || environment.ssv.startBlock !== undefined) return;
      problems.push({
        file,
        pointer: `/environments/${index}`,
        message:
          "SSV network without its start block: expected ssv.startBlock, the block contracts.ssvNetwork was deployed in (17507487 on Ethereum mainnet)",
      });
    });
  }
  return problems;
};

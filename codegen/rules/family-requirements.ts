import { joinPointer } from "../json-pointer.ts";
import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { arrayAt, isObject } from "./context.ts";
import { offeringsOf } from "./offerings.ts";

/**
 * What each staking family's generic code needs from config:
 * - ethereum-beacon: one validator per staking.perValidator, and per environment the genesis fork version
 *   (deposit signatures are verified under it) and the deposit contract;
 * - delegation-pool: at least one environment, since it is staked with an EVM wallet;
 * - guided: when live, a "guide" (the steps its stake page shows); a coming-soon network offers no stake
 *   action, so it needs neither a guide nor a minimum.
 */
export const familyRequirements: Rule = ({ networks }) =>
  networks.flatMap(({ file, data }) => {
    const problems: Problem[] = [];
    for (const { pointer, value } of offeringsOf(data)) {
      const at = (where: string, message: string) => problems.push({ file, pointer: where, message });
      const environments = arrayAt(value.environments);
      if (value.family === "ethereum-beacon") {
        if (isObject(value.staking) && value.staking.perValidator === undefined) {
          at(
            joinPointer(pointer, "staking"),
            'missing "perValidator": the ethereum-beacon family creates one validator per this amount; expected a decimal amount such as "32"',
          );
        }
        environments.forEach((environment, index) => {
          if (!isObject(environment)) return;
          const where = joinPointer(pointer, "environments", index);
          if (environment.genesisForkVersion === undefined) {
            at(
              where,
              'missing "genesisForkVersion": the ethereum-beacon family verifies deposit signatures under it; expected a fork version such as "0x00000000"',
            );
          }
          if (!isObject(environment.contracts) || environment.contracts.deposit === undefined) {
            at(
              joinPointer(where, "contracts"),
              'missing "deposit": the ethereum-beacon family sends deposits to it; expected the chain\'s deposit contract address',
            );
          }
        });
      }
      if (value.family === "guided" && isObject(data) && data.status === "live" && value.guide === undefined) {
        at(
          pointer || "",
          'missing "guide": a live guided network\'s stake page shows its steps; expected "guide": { "stepKeys": [...] } with locale keys',
        );
      }
      if ((value.family === "ethereum-beacon" || value.family === "delegation-pool") && environments.length === 0) {
        at(
          pointer || "",
          `has no environments: the ${value.family} family is staked with an EVM wallet; expected at least one entry in "environments"`,
        );
      }
    }
    return problems;
  });

import { joinPointer } from "../json-pointer.ts";
import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { arrayAt, isObject } from "./context.ts";
import { offeringsOf } from "./offerings.ts";

/** The SSV flow pays in the token, registers on the network contract and reads from the views contract. */
const SSV_SLOTS = [
  ["ssv", "the SSV flow pays operator and network fees in this token; expected the SSV token address"],
  ["ssvNetwork", "the SSV flow registers validators and funds clusters on it; expected the SSVNetwork address"],
  [
    "ssvNetworkViews",
    "the SSV flow reads operators, fees and cluster balances from it; expected the SSVNetworkViews address",
  ],
] as const;

/** An environment that lists any of the SSV contracts lists all three (the SSV flow needs each of them). */
export const ssvContracts: Rule = ({ networks }) =>
  networks.flatMap(({ file, data }) => {
    const problems: Problem[] = [];
    for (const { pointer, value } of offeringsOf(data)) {
      arrayAt(value.environments).forEach((environment, index) => {
        if (!isObject(environment) || !isObject(environment.contracts)) return;
        const contracts = environment.contracts;
        if (!SSV_SLOTS.some(([slot]) => contracts[slot] !== undefined)) return;
        for (const [slot, why] of SSV_SLOTS) {
          if (contracts[slot] !== undefined) continue;
          const where = joinPointer(pointer, "environments", index, "contracts");
          problems.push({ file, pointer: where, message: `missing "${slot}" next to the other SSV contracts: ${why}` });
        }
      });
    }
    return problems;
  });

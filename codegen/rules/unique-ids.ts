import { joinPointer } from "../json-pointer.ts";
import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { arrayAt, isObject } from "./context.ts";
import { offeringsOf } from "./offerings.ts";

/**
 * Within one file: sub-network ids, environment ids, doc link ids are each unique, and a network has at most
 * one environment per kind, because the app is built for one kind (mainnet, testnet or devnet) at a time.
 */
export const uniqueIds: Rule = ({ networks }) =>
  networks.flatMap(({ file, data }) => {
    const problems: Problem[] = [];
    const check = (list: unknown, listPointer: string, field: string, what: string) => {
      const first = new Map<unknown, number>();
      arrayAt(list).forEach((item, index) => {
        const value = isObject(item) ? item[field] : undefined;
        if (typeof value !== "string") return;
        const earlier = first.get(value);
        if (earlier === undefined) {
          first.set(value, index);
          return;
        }
        problems.push({
          file,
          pointer: joinPointer(listPointer, index, field),
          message: `"${value}" is already the ${field} of ${joinPointer(listPointer, earlier)}: expected ${what}`,
        });
      });
    };
    if (isObject(data)) check(data.subNetworks, "/subNetworks", "id", "each sub-network id once");
    for (const { pointer, value } of offeringsOf(data)) {
      check(value.environments, joinPointer(pointer, "environments"), "id", "each environment id once");
      check(
        value.environments,
        joinPointer(pointer, "environments"),
        "kind",
        "at most one environment per kind (mainnet, testnet, devnet)",
      );
      check(value.docs, joinPointer(pointer, "docs"), "id", "each doc link id once");
    }
    return problems;
  });

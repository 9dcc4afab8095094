import { joinPointer } from "../json-pointer.ts";
import type { Problem } from "../problem.ts";
import type { Rule } from "./context.ts";
import { arrayAt, isObject } from "./context.ts";

const strings = (value: unknown) => arrayAt(value).map((item) => (typeof item === "string" ? item : undefined));

/**
 * app.json walletKit: a wallet is never both included and excluded, and a featured wallet is never excluded
 * (the kit would be told to show it first and to hide it).
 */
export const walletKitLists: Rule = ({ app }) => {
  if (!app || !isObject(app.data) || !isObject(app.data.walletKit)) return [];
  const { walletKit } = app.data;
  const excluded = new Set(strings(walletKit.excludeWalletIds));
  const problems: Problem[] = [];
  const check = (list: string, what: string) =>
    strings(walletKit[list]).forEach((id, index) => {
      if (id !== undefined && excluded.has(id)) {
        problems.push({
          file: app.file,
          pointer: joinPointer("/walletKit", list, index),
          message: `"${id}" is ${what} and also in /walletKit/excludeWalletIds: expected each wallet in only one of the two lists`,
        });
      }
    });
  check("includeWalletIds", "included");
  check("featuredWalletIds", "featured");
  return problems;
};

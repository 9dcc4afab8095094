import { readFileSync, writeFileSync } from "node:fs";
import type { Address } from "viem";
import { addStringMembers } from "./json-text-edit.ts";
import type { NetworkTarget } from "./network-target.ts";

/**
 * Writes `contracts.<field>` addresses (EIP-55) into the environment of the network file, changing only those
 * lines; the rest of the file keeps its formatting, key order and trailing newline.
 */
export function recordAddresses(target: NetworkTarget, addresses: Readonly<Record<string, Address>>): void {
  const text = readFileSync(target.file, "utf8");
  writeFileSync(target.file, addStringMembers(text, target.path, "contracts", addresses));
}

import type { Hex } from "viem";
import { unknownEnvironmentProblem } from "../config/environment-names.ts";

const PREFIX = "DISTRIBUTOR_KEY_";

/**
 * DISTRIBUTOR_KEY_<NETWORK>_<ENVIRONMENT>: the operator's private key (0x and 64 hexadecimal digits) that owns the
 * environment's RewardsClaim and signs its allocations, by <NETWORK>_<ENVIRONMENT>. A bad value is reported
 * without showing it.
 */
export function parseDistributorKeys(
  env: NodeJS.ProcessEnv,
  problems: string[],
  environments: readonly string[],
): Map<string, Hex> {
  const keys = new Map<string, Hex>();
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(PREFIX) || value === undefined) continue;
    const suffix = name.slice(PREFIX.length);
    const unknown = unknownEnvironmentProblem(PREFIX, suffix, environments);
    if (unknown) problems.push(`  ${name}: ${unknown}`);
    const key = value.trim();
    if (!/^0x[0-9a-fA-F]{64}$/.test(key) || /^0x0{64}$/.test(key)) {
      problems.push(`  ${name}: expected a private key, 0x and 64 hexadecimal digits (value not shown: it is secret)`);
      continue;
    }
    keys.set(suffix, key as Hex);
  }
  return keys;
}

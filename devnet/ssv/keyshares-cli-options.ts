import { type Address, getAddress, isAddress } from "viem";
import type { CredentialType } from "../../src/core/deposit/withdrawal-credentials.ts";
import { SSV_CLUSTER_SIZES } from "../../src/core/ssv/ssv-cluster.ts";

export interface KeysharesCliOptions {
  readonly owner: Address;
  /** The owner's next nonce on the SSV network: the first validator's; the k-th gets nonce + k - 1. */
  readonly nonce: number;
  readonly operatorIds: readonly number[];
  readonly count: number;
  /** The keyshares file to write; the deposit data goes beside it. Undefined: keyshares-<time>.json. */
  readonly out: string | undefined;
  readonly withdrawalAddress: Address;
  readonly credentials: CredentialType;
}

const MAX_VALIDATORS_PER_FILE = 100;

export const KEYSHARES_USAGE = `Usage: npm run ssv:keyshares -- --owner <address> --nonce <n> --operators <ids> [options]

Writes a keyshares file (SSV keys tool format v1.1.0) for the devnet SSV operators, and the matching
deposit_data-*.json (staking deposit CLI format, 32 ETH per validator, devnet fork version).

  --owner <address>        the account that will register the validators (the connected wallet)
  --nonce <n>              the owner's next registration nonce on the SSV network (0 for a new owner)
  --operators <ids>        ${SSV_CLUSTER_SIZES.join(", ")} devnet operator ids, comma-separated, e.g. 1,2,3,4
  --count <k>              validators in the file, nonces n to n+k-1 (default 1, at most ${MAX_VALIDATORS_PER_FILE})
  --out <file>             the keyshares file (default keyshares-<time>.json in the current folder)
  --withdrawal <address>   withdrawal address of the deposit data (default the owner)
  --credentials <type>     0x01 (default) or 0x02 (compounding) withdrawal credentials
`;

const FLAGS = ["owner", "nonce", "operators", "count", "out", "withdrawal", "credentials"] as const;
type Flag = (typeof FLAGS)[number];

/** Reads `--flag value` / `--flag=value` pairs; every problem is listed, each naming its flag and what it expects. */
export function parseKeysharesCliOptions(
  argv: readonly string[],
  devnetOperatorIds: readonly number[],
): { readonly options: KeysharesCliOptions } | { readonly problems: readonly string[] } {
  const problems: string[] = [];
  const values = new Map<Flag, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const flagList = FLAGS.map((flag) => `--${flag}`).join(", ");
    if (!arg.startsWith("--")) {
      problems.push(`${arg}: not a flag; expected one of ${flagList}, each followed by its value`);
      continue;
    }
    const [name = "", inline] = arg.slice(2).split(/=(.*)/s, 2);
    const value = inline ?? (argv[i + 1]?.startsWith("--") === false ? argv[++i] : undefined);
    if (!(FLAGS as readonly string[]).includes(name)) {
      problems.push(`--${name}: not a flag of this command; expected one of ${flagList}`);
    } else if (value === undefined || value === "") problems.push(`--${name}: needs a value`);
    else values.set(name as Flag, value);
  }
  const address = (flag: Flag, required: boolean): Address | undefined => {
    const text = values.get(flag);
    if (text === undefined) {
      if (required && !problems.some((problem) => problem.startsWith(`--${flag}:`))) {
        problems.push(`--${flag}: required, an address (0x and 40 hex digits)`);
      }
      return undefined;
    }
    if (isAddress(text, { strict: false })) return getAddress(text);
    problems.push(`--${flag}: "${text}" is not an address; expected 0x and 40 hex digits`);
    return undefined;
  };
  const whole = (flag: Flag, min: number, max: number, fallback?: number): number | undefined => {
    const text = values.get(flag);
    if (text === undefined) {
      if (fallback === undefined && !problems.some((problem) => problem.startsWith(`--${flag}:`))) {
        problems.push(`--${flag}: required, a whole number from ${min}`);
      }
      return fallback;
    }
    const value = Number(text);
    if (/^\d+$/.test(text) && value >= min && value <= max) return value;
    const range = max < 1e9 ? `from ${min} to ${max}` : `from ${min}`;
    problems.push(`--${flag}: "${text}" is not a whole number ${range}`);
    return undefined;
  };

  const owner = address("owner", true);
  const nonce = whole("nonce", 0, Number.MAX_SAFE_INTEGER - MAX_VALIDATORS_PER_FILE);
  const count = whole("count", 1, MAX_VALIDATORS_PER_FILE, 1);
  const operatorIds = readOperatorIds(values.get("operators"), devnetOperatorIds, problems);
  const withdrawalAddress = address("withdrawal", false) ?? owner;
  const credentials = values.get("credentials") ?? "0x01";
  if (credentials !== "0x01" && credentials !== "0x02") {
    problems.push(`--credentials: "${credentials}" is not a credential type; expected 0x01 or 0x02`);
  }
  if (
    problems.length > 0 ||
    !owner ||
    nonce === undefined ||
    count === undefined ||
    !operatorIds ||
    !withdrawalAddress
  ) {
    return { problems };
  }
  return {
    options: {
      owner,
      nonce,
      operatorIds,
      count,
      out: values.get("out"),
      withdrawalAddress,
      credentials: credentials as CredentialType,
    },
  };
}

function readOperatorIds(
  text: string | undefined,
  devnetOperatorIds: readonly number[],
  problems: string[],
): number[] | undefined {
  const known = `the devnet operators are ${devnetOperatorIds.join(", ")}`;
  if (text === undefined) {
    if (!problems.some((problem) => problem.startsWith("--operators:"))) {
      problems.push(`--operators: required, ${SSV_CLUSTER_SIZES.join(", ")} operator ids such as 1,2,3,4`);
    }
    return undefined;
  }
  const parts = text.split(",").map((part) => part.trim());
  const bad = parts.filter((part) => !/^\d+$/.test(part) || !devnetOperatorIds.includes(Number(part)));
  if (bad.length > 0) {
    problems.push(`--operators: ${bad.map((part) => `"${part}"`).join(", ")} not a devnet operator id; ${known}`);
    return undefined;
  }
  const ids = parts.map(Number);
  if (new Set(ids).size !== ids.length) {
    problems.push(`--operators: "${text}" names an operator twice; each operator holds one share`);
    return undefined;
  }
  if (!(SSV_CLUSTER_SIZES as readonly number[]).includes(ids.length)) {
    problems.push(`--operators: ${ids.length} operator(s) given; an SSV cluster has ${SSV_CLUSTER_SIZES.join(", ")}`);
    return undefined;
  }
  return ids.sort((a, b) => a - b);
}

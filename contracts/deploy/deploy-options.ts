import { type Address, getAddress, type Hex, isAddress } from "viem";
import { DeployCommandError } from "./deploy-command-error.ts";

export interface DeployOptions {
  readonly network: string;
  /** A sub-network id (e.g. `espace` of `conflux`); needed only when the network has several deployable ones. */
  readonly subNetwork: string | undefined;
  /** An environment kind (mainnet, testnet, devnet) or id (hoodi). */
  readonly environment: string;
  readonly rpcUrl: URL;
  readonly owner: Address | undefined;
  readonly networksDir: string;
  readonly dryRun: boolean;
  /** Write a Safe Transaction Builder batch to this file instead of sending. */
  readonly safeFile: string | undefined;
  /** The CREATE2-capable library the Safe batch calls. */
  readonly createCall: Address;
  readonly poolName: string | undefined;
  readonly poolLockSeconds: number;
  readonly poolAprBasisPoints: number;
  /** From DEPLOYER_PRIVATE_KEY; undefined only with --safe. */
  readonly privateKey: Hex | undefined;
}

/** Safe's CreateCall library v1.4.1, at the same address on every chain Safe supports (also Conflux eSpace 71 and 1030). */
export const SAFE_CREATE_CALL_V141: Address = "0x9b35Af71d77eaf8d7e40252370304687390A1A52";

export const OPTIONS: readonly (readonly [flag: string, argument: string, meaning: string])[] = [
  ["--network", "<slug>", "network file networks/<slug>.json (ethereum, conflux, ...) (required)"],
  ["--sub-network", "<id>", "sub-network id when the network has more than one with contracts (e.g. espace)"],
  ["--environment", "<kind>", "environment kind or id in that file: mainnet, testnet, hoodi, devnet (required)"],
  ["--rpc-url", "<url>", "JSON-RPC endpoint of that chain, http(s) (required)"],
  ["--owner", "<address>", "owner of the new contracts (default: the deployer; a Safe for production)"],
  ["--dry-run", "", "print each contract, its constructor arguments, gas and fee; send and write nothing"],
  ["--safe", "<file>", "write a Safe Transaction Builder batch (CREATE2 through CreateCall) instead of sending"],
  [
    "--create-call",
    "<address>",
    `CreateCall library for --safe (default ${SAFE_CREATE_CALL_V141}, Safe v1.4.1; v1.3.0: 0x7cbB62EaA69F79e6873cD1ecB2392971036cFAa4)`,
  ],
  ["--pool-name", "<text>", "delegation pool name (default: '<sub-network name> PoS Pool')"],
  ["--pool-lock-seconds", "<n>", "pool lock period in seconds (default 600)"],
  ["--pool-apr-bps", "<n>", "pool yearly interest in basis points (default 1000 = 10%)"],
  ["--networks-dir", "<dir>", "folder of the network files (default networks)"],
  ["--help", "", "print this help"],
];

export const HELP = [
  "npm run deploy -- --network <slug> --environment <kind> --rpc-url <url> [options]",
  "",
  "Deploys the provider's contracts (EthStaking and RewardsClaim, or DelegationPool) and writes their addresses",
  "into the network's JSON file. The deployer key comes only from the DEPLOYER_PRIVATE_KEY environment variable",
  "(0x and 64 hex digits); it is never a flag and never printed. A run against a chain where the file's contracts",
  "already exist (same code and owner) changes nothing.",
  "",
  ...OPTIONS.map(([flag, argument, meaning]) => `  ${`${flag} ${argument}`.padEnd(28)}${meaning}`),
].join("\n");

const KEY_FLAG = /^--?(?:private[-_]?key|key|pk|mnemonic|seed)(?:=|$)/i;

function whole(flag: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > max)
    throw new DeployCommandError(`${flag} must be a whole number from 0 to ${max}, got "${text}"`);
  return value;
}

/** Reads the command line and DEPLOYER_PRIVATE_KEY; every problem is a DeployCommandError naming what is expected. */
export function parseDeployOptions(argv: readonly string[], env: NodeJS.ProcessEnv): DeployOptions {
  const values = new Map<string, string>();
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (KEY_FLAG.test(arg)) {
      throw new DeployCommandError(
        `${arg.split("=")[0]} is not accepted: a key on the command line ends up in shell history and process lists; put the deployer's key in the DEPLOYER_PRIVATE_KEY environment variable`,
      );
    }
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    const known = OPTIONS.find(([name]) => name === flag);
    if (!known) throw new DeployCommandError(`unknown option "${flag}"; see npm run deploy -- --help`);
    if (known[1] === "") {
      switches.add(flag);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith("--"))
      throw new DeployCommandError(`${flag} needs a value ${known[1]}`);
    values.set(flag, value);
  }
  const required = (flag: string) => {
    const value = values.get(flag);
    if (!value) throw new DeployCommandError(`${flag} is required; see npm run deploy -- --help`);
    return value;
  };
  const address = (flag: string, fallback?: Address): Address | undefined => {
    const value = values.get(flag);
    if (value === undefined) return fallback;
    if (!isAddress(value, { strict: false }))
      throw new DeployCommandError(`${flag} must be an address (0x and 40 hex digits), got "${value}"`);
    return getAddress(value);
  };
  const network = required("--network");
  const environment = required("--environment");
  const rawUrl = required("--rpc-url");
  let rpcUrl: URL;
  try {
    rpcUrl = new URL(rawUrl);
  } catch {
    throw new DeployCommandError("--rpc-url is not a URL: expected http(s)://host[:port][/path]");
  }
  if (rpcUrl.protocol !== "http:" && rpcUrl.protocol !== "https:") {
    throw new DeployCommandError(`--rpc-url must be an http:// or https:// URL, got a ${rpcUrl.protocol} URL`);
  }
  const safeFile = values.get("--safe");
  const key = env.DEPLOYER_PRIVATE_KEY;
  let privateKey: Hex | undefined;
  if (key !== undefined && key !== "") {
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key)) {
      throw new DeployCommandError("DEPLOYER_PRIVATE_KEY is not a private key: expected 0x followed by 64 hex digits");
    }
    privateKey = (key.startsWith("0x") ? key : `0x${key}`) as Hex;
  } else if (safeFile === undefined) {
    throw new DeployCommandError(
      "DEPLOYER_PRIVATE_KEY is not set: export the deployer's private key (0x and 64 hex digits) in that variable, or use --safe <file> with --owner to prepare a multisig batch",
    );
  }
  const owner = address("--owner");
  if (safeFile !== undefined && !owner)
    throw new DeployCommandError("--safe needs --owner <address> (the Safe that will own the contracts)");
  return {
    network,
    subNetwork: values.get("--sub-network"),
    environment,
    rpcUrl,
    owner,
    networksDir: values.get("--networks-dir") ?? "networks",
    dryRun: switches.has("--dry-run"),
    safeFile,
    createCall: address("--create-call", SAFE_CREATE_CALL_V141) as Address,
    poolName: values.get("--pool-name"),
    poolLockSeconds: whole("--pool-lock-seconds", values.get("--pool-lock-seconds"), 600, 2 ** 32),
    poolAprBasisPoints: whole("--pool-apr-bps", values.get("--pool-apr-bps"), 1000, 100_000),
    privateKey,
  };
}

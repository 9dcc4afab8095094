import { parseEther } from "viem";
import { confluxEspaceDevnetChain, ethereumDevnetChain, type Network, networks } from "../src/generated/index.ts";

export interface DevnetSettings {
  /** Port of the Ethereum devnet chain; 0 lets the system pick one. */
  readonly ethereumPort: number;
  /** Port of the Conflux eSpace devnet chain; 0 lets the system pick one. */
  readonly confluxPort: number;
  /** Port of the consensus-layer stand-in (Beacon API); 0 lets the system pick one. */
  readonly beaconPort: number;
  /** Port of the validator client stand-in (Keymanager API); 0, the default, lets the system pick one. */
  readonly validatorClientPort: number;
  readonly ethereumChainId: number;
  readonly confluxChainId: number;
  /** Ether (and CFX) given to each of anvil's 10 dev accounts. */
  readonly balance: number;
  /** Batch staking service fee per validator in wei, from networks/ethereum.json staking.serviceFee. */
  readonly feePerValidator: bigint;
  /** Seconds the pool keeps staked and unstaked votes locked. */
  readonly poolLockPeriod: number;
  /** Yearly pool interest in basis points. */
  readonly poolAprBasisPoints: number;
}

/** Wei per vote in the devnet pool: Conflux PoS counts one vote per 1000 CFX. */
export const POOL_VOTE_UNIT = parseEther("1000");
export const POOL_NAME = "Devnet PoS Pool";

function portOf(rpcUrl: string | undefined, fallback: number): number {
  if (!rpcUrl) return fallback;
  const port = new URL(rpcUrl).port;
  return port ? Number(port) : fallback;
}

function integer(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

/** `--name value` or `--name=value` from argv, else the environment variable. */
function option(argv: readonly string[], flag: string, envName: string, env: NodeJS.ProcessEnv): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === `--${flag}`) return argv[i + 1];
    if (arg.startsWith(`--${flag}=`)) return arg.slice(flag.length + 3);
  }
  return env[envName];
}

export const DEVNET_OPTIONS = [
  [
    "eth-port",
    "DEVNET_ETH_PORT",
    "Ethereum devnet port (default from networks/ethereum.json, 8545; 0 = any free port)",
  ],
  ["conflux-port", "DEVNET_CONFLUX_PORT", "Conflux eSpace devnet port (default from networks/conflux.json, 8546)"],
  ["beacon-port", "DEVNET_BEACON_PORT", "consensus-layer stand-in port (default from networks/ethereum.json, 5052)"],
  ["balance", "DEVNET_BALANCE", "ETH/CFX per dev account (default 1000000)"],
  ["pool-lock-seconds", "DEVNET_POOL_LOCK_SECONDS", "pool lock period in seconds (default 600)"],
  ["pool-apr-bps", "DEVNET_POOL_APR_BPS", "pool yearly interest in basis points (default 1000 = 10%)"],
  [
    "validator-client-port",
    "DEVNET_VALIDATOR_CLIENT_PORT",
    "validator client stand-in port (default 0 = any free port)",
  ],
] as const;

/**
 * Devnet settings: chain ids, default ports and the service fee come from the network config (the app and
 * server read the same files); flags or environment variables override ports and devnet-only knobs.
 */
export function devnetSettings(argv: readonly string[] = [], env: NodeJS.ProcessEnv = {}): DevnetSettings {
  const get = (index: number) => {
    const [flag, envName] = DEVNET_OPTIONS[index] as readonly [string, string, string];
    return option(argv, flag, envName, env);
  };
  const ethereum: Network = networks.ethereum;
  const serviceFee = ethereum.staking.serviceFee;
  const devnet = ethereum.environments?.find((environment) => environment.kind === "devnet");
  return {
    ethereumPort: integer("eth-port", get(0), portOf(ethereumDevnetChain.rpcUrls.default.http[0], 8545), 0, 65535),
    confluxPort: integer(
      "conflux-port",
      get(1),
      portOf(confluxEspaceDevnetChain.rpcUrls.default.http[0], 8546),
      0,
      65535,
    ),
    ethereumChainId: ethereumDevnetChain.id,
    confluxChainId: confluxEspaceDevnetChain.id,
    beaconPort: integer("beacon-port", get(2), portOf(devnet?.beaconApiUrl, 5052), 0, 65535),
    balance: integer("balance", get(3), 1_000_000, 1, 1_000_000_000),
    feePerValidator: serviceFee === undefined ? 0n : parseEther(serviceFee),
    poolLockPeriod: integer("pool-lock-seconds", get(4), 600, 0, 2 ** 32),
    poolAprBasisPoints: integer("pool-apr-bps", get(5), 1000, 0, 100_000),
    validatorClientPort: integer("validator-client-port", get(6), 0, 0, 65535),
  };
}

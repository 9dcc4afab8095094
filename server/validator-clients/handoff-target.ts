import { networksInHomeOrder } from "../../src/generated/index.ts";
import type { ServerConfig } from "../config/env.ts";
import type { KeymanagerClientConfig } from "../config/keymanager-clients.ts";
import { DEVNET_KEYSTORE_KEY } from "../deposits/devnet-keys.ts";
import { type ServedEnvironmentSettings, servedEnvironments } from "../rpc/served-environments.ts";

/** One network environment whose deposited provider keys go to its validator clients. */
export interface HandoffTarget {
  readonly network: string;
  readonly environment: string;
  /** A devnet (its chain and validator client start fresh with `npm start`). */
  readonly devnet: boolean;
  /** Its environment variables' suffix ("ETHEREUM_HOODI"), for messages naming them. */
  readonly variableSuffix: string;
  /** KEYMANAGER_CLIENTS_* in the operator's order, each with its own token and weight. */
  readonly clients: readonly KeymanagerClientConfig[];
  /** For the slashing-protection interchange's genesis_validators_root. */
  readonly beaconApiUrl: string;
  /** The environment's RewardsClaim, every key's fee recipient. */
  readonly feeRecipient: string;
  /** The root each key's keystore password is derived from (KEYSTORE_KEY, or the devnet's public key). */
  readonly keystoreKey: string;
}

/** What handoffTargets reads of the server's configuration: the served environments, their clients, KEYSTORE_KEY. */
export type HandoffTargetSettings = ServedEnvironmentSettings & Pick<ServerConfig, "KEYMANAGERS" | "KEYSTORE_KEY">;

/**
 * The served environments that have KEYMANAGER_CLIENTS_<NETWORK>_<ENVIRONMENT>, as handoff targets; one that
 * lacks what a handoff needs is reported through `skipped` and left out.
 */
export function handoffTargets(
  config: HandoffTargetSettings,
  skipped: (where: { network: string; environment: string }, message: string) => void,
): HandoffTarget[] {
  const targets: HandoffTarget[] = [];
  for (const entry of servedEnvironments(config, networksInHomeOrder)) {
    const variableSuffix = entry.upstreamVariable.slice("RPC_UPSTREAMS_".length);
    const clients = config.KEYMANAGERS.get(variableSuffix);
    if (!clients || entry.subNetwork) continue;
    const where = { network: entry.network, environment: entry.environment.id };
    const keystoreKey = entry.environment.kind === "devnet" ? DEVNET_KEYSTORE_KEY : config.KEYSTORE_KEY;
    const feeRecipient = entry.environment.contracts?.claim;
    if (!entry.beaconApiUrl || !feeRecipient || !keystoreKey) {
      skipped(where, "validator-client handoff off: needs a Beacon API URL, a RewardsClaim contract and keystores");
      continue;
    }
    targets.push({
      ...where,
      devnet: entry.environment.kind === "devnet",
      variableSuffix,
      clients,
      beaconApiUrl: entry.beaconApiUrl,
      feeRecipient,
      keystoreKey,
    });
  }
  return targets;
}

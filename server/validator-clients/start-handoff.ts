import { networksInHomeOrder } from "../../src/generated/index.ts";
import type { ServerConfig } from "../config/env.ts";
import { DEVNET_KEYSTORE_KEY } from "../deposits/devnet-keys.ts";
import { servedEnvironments } from "../rpc/served-environments.ts";
import type { Storage } from "../storage/database.ts";
import { type HandoffTarget, ValidatorHandoff } from "./validator-handoff.ts";

/** How often the handoff looks for newly deposited keys: well within the devnet's ~20 s to activation. */
const HANDOFF_INTERVAL_MS = 1_000;

/**
 * Starts handing deposited keys to the validator clients of every served environment that has
 * KEYMANAGER_URLS_<NETWORK>_<ENVIRONMENT>; returns undefined when none has (or INDEXER=off: no deposits seen).
 */
export function startHandoff(
  config: ServerConfig,
  storage: Storage,
  log: { warn: (details: object, message: string) => void },
): ValidatorHandoff | undefined {
  if (config.INDEXER === "off") return undefined;
  const targets: HandoffTarget[] = [];
  for (const entry of servedEnvironments(config, networksInHomeOrder)) {
    const clients = config.KEYMANAGERS.get(entry.upstreamVariable.slice("RPC_UPSTREAMS_".length));
    if (!clients || entry.subNetwork) continue;
    const where = { network: entry.network, environment: entry.environment.id };
    const password = entry.environment.kind === "devnet" ? DEVNET_KEYSTORE_KEY : config.KEYSTORE_KEY;
    const feeRecipient = entry.environment.contracts?.claim;
    if (!entry.beaconApiUrl || !feeRecipient || !password) {
      log.warn(where, "validator-client handoff off: needs a Beacon API URL, a RewardsClaim contract and keystores");
      continue;
    }
    targets.push({
      ...where,
      urls: clients.urls,
      token: clients.token,
      beaconApiUrl: entry.beaconApiUrl,
      feeRecipient,
      keystorePassword: password,
    });
  }
  if (targets.length === 0) return undefined;
  const handoff = new ValidatorHandoff({
    storage,
    targets,
    onError: (details, message) =>
      log.warn({ ...details, error: message }, "validator-client handoff failed; retrying"),
  });
  handoff.start(HANDOFF_INTERVAL_MS);
  return handoff;
}

import type { ServerConfig } from "../config/env.ts";
import type { Storage } from "../storage/database.ts";
import { type HandoffTargetSettings, handoffTargets } from "./handoff-target.ts";
import { ValidatorHandoff } from "./validator-handoff.ts";

/** How often the handoff looks for newly deposited keys: well within the devnet's ~20 s to activation. */
const HANDOFF_INTERVAL_MS = 1_000;

/** What startHandoff reads of the server's configuration. */
export type HandoffSettings = HandoffTargetSettings & Pick<ServerConfig, "INDEXER">;

/**
 * Starts handing deposited keys to the validator clients of every served environment that has
 * KEYMANAGER_CLIENTS_<NETWORK>_<ENVIRONMENT>; returns undefined when none has (or INDEXER=off: no deposits seen).
 */
export function startHandoff(
  config: HandoffSettings,
  storage: Storage,
  log: { warn: (details: object, message: string) => void },
): ValidatorHandoff | undefined {
  if (config.INDEXER === "off") return undefined;
  const targets = handoffTargets(config, (where, message) => log.warn(where, message));
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

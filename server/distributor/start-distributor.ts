import { privateKeyToAccount } from "viem/accounts";
import { networksInHomeOrder } from "../../src/generated/index.ts";
import type { ServerConfig } from "../config/env.ts";
import { type ServedEnvironmentSettings, servedEnvironments } from "../rpc/served-environments.ts";
import type { Storage } from "../storage/database.ts";
import { commissionBasisPoints } from "./commission.ts";
import { distributorAlerts } from "./distributor-alerts.ts";
import { type DistributorTarget, RewardsDistributor } from "./rewards-distributor.ts";

/**
 * The devnet's operator key: anvil's tenth default account (mnemonic "test test ... junk"), which owns the
 * devnet's RewardsClaim. Public, like every devnet secret; other environments need DISTRIBUTOR_KEY_*.
 */
export const DEVNET_DISTRIBUTOR_KEY = "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6";

type Log = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

/** What createDistributor reads of the server's configuration. */
export type DistributorSettings = ServedEnvironmentSettings &
  Pick<ServerConfig, "DISTRIBUTOR_KEYS" | "DISTRIBUTOR_MODE" | "DISTRIBUTOR_SAFE_DIR" | "BEACON_TIMEOUT_MS">;

/**
 * The rewards distributor of every served environment with a RewardsClaim, a Beacon API, a commission
 * (staking.executionCommission) and, with DISTRIBUTOR_MODE=send, an operator key; undefined when none has.
 */
export function createDistributor(
  config: DistributorSettings,
  storage: Storage,
  log: Log,
): RewardsDistributor | undefined {
  const targets: DistributorTarget[] = [];
  for (const entry of servedEnvironments(config, networksInHomeOrder)) {
    const network = networksInHomeOrder.find((candidate) => candidate.slug === entry.network);
    const commission = network?.staking?.executionCommission;
    const rewardsClaim = entry.environment.contracts?.claim;
    if (entry.subNetwork || !commission || !rewardsClaim) continue;
    const where = { network: entry.network, environment: entry.environment.id };
    const key =
      config.DISTRIBUTOR_KEYS.get(entry.upstreamVariable.slice("RPC_UPSTREAMS_".length)) ??
      (entry.environment.kind === "devnet" ? DEVNET_DISTRIBUTOR_KEY : undefined);
    if (!entry.beaconApiUrl || (config.DISTRIBUTOR_MODE === "send" && !key)) {
      log.warn(
        where,
        "rewards distributor off: needs a Beacon API URL and, to send, DISTRIBUTOR_KEY_<NETWORK>_<ENVIRONMENT>",
      );
      continue;
    }
    targets.push({
      ...where,
      chainId: entry.environment.chainId,
      beaconApiUrl: entry.beaconApiUrl,
      rewardsClaim: rewardsClaim as `0x${string}`,
      commissionBps: commissionBasisPoints(commission),
      mode: config.DISTRIBUTOR_MODE,
      ...(config.DISTRIBUTOR_MODE === "send" && key ? { account: privateKeyToAccount(key) } : {}),
      safeDir: config.DISTRIBUTOR_SAFE_DIR,
    });
  }
  if (targets.length === 0) return undefined;
  return new RewardsDistributor({
    storage,
    targets,
    onPass: distributorAlerts(storage, log),
    beaconTimeoutMs: config.BEACON_TIMEOUT_MS,
  });
}

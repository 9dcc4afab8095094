import { networksInHomeOrder } from "../../src/generated/index.ts";
import { OpsMonitor } from "../alerts/ops-monitor.ts";
import type { ServerConfig } from "../config/env.ts";
import { createDistributor, type DistributorSettings } from "../distributor/start-distributor.ts";
import { indexedEnvironments } from "../families/index.ts";
import type { IndexerStatus } from "../ops/indexer-status.ts";
import { servedEnvironments } from "../rpc/served-environments.ts";
import type { Storage } from "../storage/database.ts";
import { Indexer } from "./indexer.ts";

/** What startIndexer reads of the server's configuration (the distributor's settings with it). */
export type IndexerSettings = DistributorSettings &
  Pick<
    ServerConfig,
    | "INDEXER"
    | "INDEXER_INTERVAL_MS"
    | "INDEXER_CONFIRMATIONS"
    | "INDEXER_CHUNK_BLOCKS"
    | "INDEXER_LEASE_MS"
    | "INSTANCE_ID"
    | "ALERT_MISSED_DUTIES"
    | "BEACON_TIMEOUT_MS"
  >;

/**
 * Starts indexing every served environment its network's family indexes (server/families/: for ethereum-beacon,
 * those with a deposit contract), unless INDEXER=off. With several instances on one database, each environment is indexed
 * by the one instance holding its lease; the others stand by and take over when that lease expires. Returns
 * the running indexer, or undefined.
 */
export function startIndexer(
  config: IndexerSettings,
  storage: Storage,
  log: {
    info: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  },
  status?: IndexerStatus,
): Indexer | undefined {
  if (config.INDEXER === "off") return undefined;
  const environments = indexedEnvironments(servedEnvironments(config, networksInHomeOrder), networksInHomeOrder);
  if (environments.length === 0) return undefined;
  status?.track(environments.map((entry) => `${entry.network}/${entry.environment.id}`));
  const indexer = new Indexer({
    storage,
    environments,
    confirmations: (kind) => config.INDEXER_CONFIRMATIONS ?? (kind === "devnet" ? 0 : 12),
    chunkSize: config.INDEXER_CHUNK_BLOCKS,
    distributor: createDistributor(config, storage, log),
    monitor: new OpsMonitor({
      storage,
      missedEpochs: config.ALERT_MISSED_DUTIES,
      warn: (details, message) => log.warn(details, message),
    }),
    beaconTimeoutMs: config.BEACON_TIMEOUT_MS,
    lease: {
      holder: config.INSTANCE_ID,
      ttlMs: config.INDEXER_LEASE_MS,
      onChange: (environment, held) => {
        status?.leader(environment, held);
        return held
          ? log.info({ environment, instance: config.INSTANCE_ID }, "took the indexer lease: indexing this environment")
          : log.warn(
              { environment, instance: config.INSTANCE_ID },
              "no longer holds the indexer lease: not indexing this environment",
            );
      },
    },
    onIndexed: (environment) => status?.passed(environment),
    onStartedOver: (environment, reason) =>
      log.warn(
        { environment, reason },
        "the devnet's node serves a new chain (the devnet was started again): deleted everything indexed from the old one; indexing it from block 0",
      ),
    onStopped: (environment, error) => {
      status?.stopped(environment, error);
      log.error({ environment, err: error }, "indexing of this environment stopped: its node serves another chain");
    },
    onError: (environment, error) => {
      status?.failed(environment, error);
      log.warn({ environment, err: error }, "indexer pass failed; retrying on the next one");
    },
  });
  indexer.start(config.INDEXER_INTERVAL_MS);
  return indexer;
}

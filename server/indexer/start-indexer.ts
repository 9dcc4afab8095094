import { networksInHomeOrder } from "../../src/generated/index.ts";
import type { ServerConfig } from "../config/env.ts";
import { servedEnvironments } from "../rpc/served-environments.ts";
import type { Storage } from "../storage/database.ts";
import { Indexer } from "./indexer.ts";

/**
 * Starts indexing every served environment of a validator-deposit network (ethereum-beacon family with a
 * deposit contract), unless INDEXER=off. Returns the running indexer, or undefined.
 */
export function startIndexer(
  config: ServerConfig,
  storage: Storage,
  log: { warn: (details: object, message: string) => void },
): Indexer | undefined {
  if (config.INDEXER === "off") return undefined;
  const environments = servedEnvironments(config, networksInHomeOrder).filter((entry) => {
    const network = networksInHomeOrder.find((candidate) => candidate.slug === entry.network);
    return (
      !entry.subNetwork && network?.family === "ethereum-beacon" && entry.environment.contracts?.deposit !== undefined
    );
  });
  if (environments.length === 0) return undefined;
  const indexer = new Indexer({
    storage,
    environments,
    confirmations: (kind) => config.INDEXER_CONFIRMATIONS ?? (kind === "devnet" ? 0 : 12),
    onError: (environment, error) =>
      log.warn({ environment, err: error }, "indexer pass failed; retrying on the next one"),
  });
  indexer.start(config.INDEXER_INTERVAL_MS);
  return indexer;
}

import { bigint, boolean, index, integer, numeric, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * What the indexer learns from an SSV network contract's events. Every row is keyed by the log that wrote it
 * (or by the operator id the contract assigns), so indexing a range again writes nothing twice, and carries its
 * block, so a chain reorganisation takes back exactly what the replaced blocks said.
 */

/** An operator as registered (OperatorAdded), and the block of its removal (OperatorRemoved), if any. */
export const ssvOperators = pgTable(
  "ssv_operators",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    operatorId: bigint("operator_id", { mode: "number" }).notNull(),
    owner: text("owner").notNull(),
    /** As SSV tools show it: the base64 PEM text the event's bytes encode (0x hex when they encode none). */
    publicKey: text("public_key").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    removedBlock: bigint("removed_block", { mode: "bigint" }),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.environment, table.operatorId] }),
    index("ssv_operators_owner").on(table.network, table.environment, table.owner),
  ],
);

/** Each fee an operator charges from a block on (OperatorAdded's, then each OperatorFeeExecuted): the latest holds. */
export const ssvOperatorFees = pgTable(
  "ssv_operator_fees",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    operatorId: bigint("operator_id", { mode: "number" }).notNull(),
    /** SSV wei per block. */
    feeWei: numeric("fee_wei", { precision: 78, scale: 0 }).notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.environment, table.txHash, table.logIndex] }),
    index("ssv_operator_fees_operator").on(table.network, table.environment, table.operatorId, table.blockNumber),
  ],
);

/**
 * A cluster's state after each event that changed it (validator added or removed, deposit, withdrawal,
 * liquidation, reactivation): the contract's Cluster struct as the event logged it. The latest row per owner
 * and operator ids is the snapshot the next call on that cluster must pass.
 */
export const ssvClusterSnapshots = pgTable(
  "ssv_cluster_snapshots",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    owner: text("owner").notNull(),
    /** The cluster's operator ids, ascending, joined by commas ("1,2,3,4"). */
    operatorIds: text("operator_ids").notNull(),
    validatorCount: integer("validator_count").notNull(),
    networkFeeIndex: numeric("network_fee_index", { precision: 20, scale: 0 }).notNull(),
    index: numeric("index", { precision: 20, scale: 0 }).notNull(),
    active: boolean("active").notNull(),
    balanceWei: numeric("balance_wei", { precision: 78, scale: 0 }).notNull(),
    event: text("event").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.environment, table.txHash, table.logIndex] }),
    index("ssv_cluster_snapshots_owner").on(table.network, table.environment, table.owner, table.operatorIds),
  ],
);

/**
 * A validator registration (ValidatorAdded), and the block of its removal (ValidatorRemoved). A key removed and
 * registered again has two rows; the count of an owner's rows is the owner's next nonce.
 */
export const ssvValidators = pgTable(
  "ssv_validators",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    /** 96 hexadecimal digits, lower case, no 0x. */
    publicKey: text("public_key").notNull(),
    owner: text("owner").notNull(),
    /** The cluster's operator ids, ascending, joined by commas ("1,2,3,4"). */
    operatorIds: text("operator_ids").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    removedBlock: bigint("removed_block", { mode: "bigint" }),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.environment, table.txHash, table.logIndex] }),
    index("ssv_validators_owner").on(table.network, table.environment, table.owner),
    index("ssv_validators_public_key").on(table.network, table.environment, table.publicKey),
  ],
);

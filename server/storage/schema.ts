import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Messages sent from the contact page. */
export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  kind: text("kind", { enum: ["technical", "feedback"] }).notNull(),
  name: text("name").notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/** One request for deposit data: retried with the same idempotency key, it returns the same validators. */
export const depositRequests = pgTable(
  "deposit_requests",
  {
    id: serial("id").primaryKey(),
    owner: text("owner").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    credentialType: text("credential_type", { enum: ["0x01", "0x02"] }).notNull(),
    validatorCount: integer("validator_count").notNull(),
    amountGwei: bigint("amount_gwei", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [uniqueIndex("deposit_requests_owner_key").on(table.owner, table.idempotencyKey)],
);

/** Hands out EIP-2334 key indexes: each index is used once, even when requests run concurrently. */
export const validatorKeyIndex = pgSequence("validator_key_index", { startWith: 0, minValue: 0 });

/**
 * Operator validator keys, derived per EIP-2333 at m/12381/3600/{keyIndex}/0/0 from the provider's seed.
 * A key index is never reused; the keystore (EIP-2335) is encrypted with the key from the environment.
 */
export const validatorKeys = pgTable("validator_keys", {
  id: serial("id").primaryKey(),
  requestId: integer("request_id")
    .notNull()
    .references(() => depositRequests.id),
  position: integer("position").notNull(),
  keyIndex: integer("key_index").notNull().unique(),
  pubkey: text("pubkey").notNull().unique(),
  keystore: jsonb("keystore").notNull(),
  depositData: jsonb("deposit_data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/** Validators the indexer has seen deposited, with their latest consensus-layer state. */
export const validators = pgTable(
  "validators",
  {
    id: serial("id").primaryKey(),
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    pubkey: text("pubkey").notNull(),
    /** The consensus layer's index, once it has assigned one. */
    validatorIndex: integer("validator_index"),
    /** The account that deposited (and receives withdrawals). */
    owner: text("owner").notNull(),
    withdrawalCredentials: text("withdrawal_credentials").notNull(),
    depositTxHash: text("deposit_tx_hash"),
    /** Block of the deposit, so a chain reorganisation can take it back. */
    depositBlock: bigint("deposit_block", { mode: "bigint" }),
    /** Sum of deposits to this validator, the principal rewards are measured against. */
    depositedGwei: bigint("deposited_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    status: text("status").notNull(),
    balanceGwei: bigint("balance_gwei", { mode: "bigint" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex("validators_pubkey").on(table.network, table.environment, table.pubkey),
    index("validators_owner").on(table.network, table.environment, table.owner),
  ],
);

/** One validator's balance at the end of a day and its consensus reward that day (negative for penalties). */
export const validatorDailyRewards = pgTable(
  "validator_daily_rewards",
  {
    validatorId: integer("validator_id")
      .notNull()
      .references(() => validators.id),
    day: date("day").notNull(),
    balanceGwei: bigint("balance_gwei", { mode: "bigint" }).notNull(),
    consensusRewardGwei: bigint("consensus_reward_gwei", { mode: "bigint" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.validatorId, table.day] })],
);

/**
 * An owner's rewards per day, summed over their validators, plus execution-layer rewards accrued to them that
 * day. Written with the per-validator rows, so summaries read one row per day instead of one per validator.
 */
export const ownerDailyRewards = pgTable(
  "owner_daily_rewards",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    owner: text("owner").notNull(),
    day: date("day").notNull(),
    /** Principal staked at the end of the day (deposits not yet withdrawn). */
    stakedGwei: bigint("staked_gwei", { mode: "bigint" }).notNull(),
    consensusRewardGwei: bigint("consensus_reward_gwei", { mode: "bigint" }).notNull(),
    executionRewardWei: numeric("execution_reward_wei", { precision: 78, scale: 0 }).notNull(),
    validatorCount: integer("validator_count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.network, table.environment, table.owner, table.day] })],
);

/** What an owner did on chain: stakes, claims, unstake requests, with their transaction and its state. */
export const operations = pgTable(
  "operations",
  {
    id: serial("id").primaryKey(),
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    owner: text("owner").notNull(),
    kind: text("kind", { enum: ["stake", "claim", "withdrawal_request", "consolidation"] }).notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["confirmed", "reorged"] }).notNull(),
    amountWei: numeric("amount_wei", { precision: 78, scale: 0 }).notNull(),
    details: jsonb("details").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("operations_log").on(table.network, table.environment, table.txHash, table.logIndex),
    index("operations_owner").on(table.network, table.environment, table.owner, table.occurredAt),
  ],
);

/** Where each indexer stream stopped: the last block it fully processed, with its hash to detect reorgs. */
export const indexerCursors = pgTable(
  "indexer_cursors",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    stream: text("stream").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    blockHash: text("block_hash").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.network, table.environment, table.stream] })],
);

/**
 * Deposits seen in blocks newer than the indexer's confirmed cursor (from 0 confirmations up to
 * INDEXER_CONFIRMATIONS): every pass replaces an environment's rows with what the chain's tip holds then, so a
 * deposit whose block was replaced disappears and a confirmed one moves to `validators`. /deposits/known reads
 * both, so a stake is refused as soon as its deposits are in a block.
 */
export const pendingDeposits = pgTable(
  "pending_deposits",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    pubkey: text("pubkey").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.environment, table.txHash, table.logIndex] }),
    index("pending_deposits_pubkey").on(table.network, table.environment, table.pubkey),
  ],
);

/** Execution-layer rewards credited to an owner (the claim contract's Accrued events), one row per log. */
export const executionRewards = pgTable(
  "execution_rewards",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    owner: text("owner").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    day: date("day").notNull(),
    amountWei: numeric("amount_wei", { precision: 78, scale: 0 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.environment, table.txHash, table.logIndex] }),
    index("execution_rewards_day").on(table.network, table.environment, table.day),
  ],
);

/** Sign-in with Ethereum nonces the server issued; each is deleted when a sign-in uses it (single use). */
export const siweNonces = pgTable("siwe_nonces", {
  nonce: text("nonce").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Signed-in sessions: the SHA-256 of the bearer token the browser holds, for one address on one chain. */
export const siweSessions = pgTable("siwe_sessions", {
  tokenHash: text("token_hash").primaryKey(),
  address: text("address").notNull(),
  chainId: integer("chain_id").notNull(),
  domain: text("domain").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * Which server instance indexes an environment: the holder, until expires_at (database time). A holder renews
 * it while it runs; another instance takes it only once it has expired, and every indexer transaction checks
 * that its instance still holds it, so exactly one instance writes an environment's indexed rows.
 */
export const indexerLeases = pgTable(
  "indexer_leases",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    holder: text("holder").notNull(),
    acquiredAt: timestamp("acquired_at", { withTimezone: true }).notNull().default(sql`now()`),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.network, table.environment] })],
);

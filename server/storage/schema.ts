import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
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
  /** Where the sender wants the answer, when given. */
  replyEmail: text("reply_email"),
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
    /**
     * The seed branch its keys come from (server/deposits/seed-branch.ts), e.g.
     * "stake-deposit-keys:v1:ethereum:mainnet"; null for requests stored before branches existed.
     */
    seedBranch: text("seed_branch"),
    /** Its keys are the branch's indexes firstKeyIndex .. firstKeyIndex + validatorCount - 1, reserved with it. */
    firstKeyIndex: integer("first_key_index"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex("deposit_requests_owner_key").on(table.owner, table.idempotencyKey),
    index("deposit_requests_scope").on(table.network, table.environment, table.owner),
  ],
);

/** The next unused key index of each seed branch: one row per network environment. */
export const depositKeyCounters = pgTable("deposit_key_counters", {
  seedBranch: text("seed_branch").primaryKey(),
  nextIndex: integer("next_index").notNull(),
});

/**
 * New validators asked for by a client address (DEPOSIT_VALIDATORS_PER_MINUTE counts those of the last 60 s);
 * rows older than a minute are deleted.
 */
export const depositRateEvents = pgTable(
  "deposit_rate_events",
  {
    id: serial("id").primaryKey(),
    client: text("client").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    validators: integer("validators").notNull(),
  },
  (table) => [
    index("deposit_rate_events_client").on(table.client, table.at),
    index("deposit_rate_events_at").on(table.at),
  ],
);

/**
 * Rate-limit counters every server instance shares (server/limits): the hits of one key (a limit and a client)
 * in its current window, which starts at the key's first hit; added to by an atomic upsert, deleted once ended.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    hits: bigint("hits", { mode: "number" }).notNull(),
  },
  (table) => [index("rate_limit_counters_expires_at").on(table.expiresAt)],
);

/**
 * Operator validator keys, derived per EIP-2333 at m/12381/3600/{keyIndex}/0/0 from the seed of their branch.
 * Branch "legacy" holds keys made before branches existed: their master key came from DEPOSIT_SEED itself (or
 * the public devnet seed), with indexes from one sequence shared by every environment. A (branch, index) is
 * never given out twice. The keystore (EIP-2335) is written in the background right after the request is
 * answered; null until then. Its password is derived per key from KEYSTORE_KEY (keystorePassword()), so a
 * validator client given one key learns nothing that opens another.
 */
export const validatorKeys = pgTable(
  "validator_keys",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => depositRequests.id),
    position: integer("position").notNull(),
    seedBranch: text("seed_branch").notNull(),
    keyIndex: integer("key_index").notNull(),
    pubkey: text("pubkey").notNull().unique(),
    keystore: jsonb("keystore"),
    /** False for keystores written before per-key passwords (encrypted with KEYSTORE_KEY itself): rewritten. */
    keystorePerKeyPassword: boolean("keystore_per_key_password").notNull().default(false),
    depositData: jsonb("deposit_data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [uniqueIndex("validator_keys_branch_index").on(table.seedBranch, table.keyIndex)],
);

/**
 * The first deposit the indexer saw to each validator key, whoever made it and however (through the staking
 * contract or straight to the deposit contract): GET /deposits/known and the caps on undeposited keys read it.
 */
export const depositedKeys = pgTable(
  "deposited_keys",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    pubkey: text("pubkey").notNull(),
    txHash: text("tx_hash").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.network, table.environment, table.pubkey] })],
);

/**
 * Deposits for a provider key (validator_keys) with withdrawal credentials other than those the server issued
 * for it, seen before any deposit the provider attributed (a front-run): the validator is never attributed
 * then. With a valid signature the consensus layer gives the validator to those credentials (the key has
 * leaked): it is never handed to a validator client. Each is an ops alert ("front-run-deposit").
 */
export const frontRunDeposits = pgTable(
  "front_run_deposits",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    pubkey: text("pubkey").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    withdrawalCredentials: text("withdrawal_credentials").notNull(),
    amountGwei: bigint("amount_gwei", { mode: "bigint" }).notNull(),
    /** The BLS signature is valid for the environment's genesis fork version: the deposit counts. */
    signatureValid: boolean("signature_valid").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.environment, table.txHash, table.logIndex] }),
    index("front_run_deposits_pubkey").on(table.network, table.environment, table.pubkey),
  ],
);

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
    /** The first deposit to this validator (every deposit, top-ups too, is in validator_deposits). */
    depositedGwei: bigint("deposited_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    status: text("status").notNull(),
    balanceGwei: bigint("balance_gwei", { mode: "bigint" }).notNull(),
    /**
     * Deposits the consensus layer has credited to the balance at the last Beacon API read: those seen on the
     * execution chain minus those still pending there (0 while the Beacon API does not know the validator).
     */
    creditedGwei: bigint("credited_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    effectiveBalanceGwei: bigint("effective_balance_gwei", { mode: "bigint" }),
    /** First epoch its whole balance may be withdrawn (exit); null while it has not exited. */
    withdrawableEpoch: bigint("withdrawable_epoch", { mode: "bigint" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    uniqueIndex("validators_pubkey").on(table.network, table.environment, table.pubkey),
    index("validators_owner").on(table.network, table.environment, table.owner),
  ],
);

/**
 * A deposit to the deposit contract (a new validator's or a top-up), from its DepositEvent. Pubkey as in
 * validators (hex, no 0x).
 */
export const validatorDeposits = pgTable(
  "validator_deposits",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    pubkey: text("pubkey").notNull(),
    amountGwei: bigint("amount_gwei", { mode: "bigint" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.environment, table.txHash, table.logIndex] }),
    index("validator_deposits_pubkey").on(table.network, table.environment, table.pubkey),
  ],
);

/**
 * A withdrawal paid to a validator (from the Beacon API's blocks), keyed by the chain's withdrawal index, and
 * the part of it that was principal: the rest is rewards paid out (see docs/staking-screens.md#rewards).
 */
export const validatorWithdrawals = pgTable(
  "validator_withdrawals",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    withdrawalIndex: bigint("withdrawal_index", { mode: "bigint" }).notNull(),
    validatorId: integer("validator_id")
      .notNull()
      .references(() => validators.id),
    slot: bigint("slot", { mode: "bigint" }).notNull(),
    amountGwei: bigint("amount_gwei", { mode: "bigint" }).notNull(),
    principalGwei: bigint("principal_gwei", { mode: "bigint" }).notNull(),
    /** The whole balance after an exit (else a partial withdrawal: requested, or a sweep of excess). */
    full: boolean("full").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.environment, table.withdrawalIndex] }),
    index("validator_withdrawals_validator").on(table.validatorId),
  ],
);

/**
 * One validator at the end of a day: its balance, the running totals of deposits credited and withdrawals
 * paid (with their principal part), and its consensus reward that day: the change of balance + withdrawals -
 * deposits since its previous row (negative only for penalties).
 */
export const validatorDailyRewards = pgTable(
  "validator_daily_rewards",
  {
    validatorId: integer("validator_id")
      .notNull()
      .references(() => validators.id),
    day: date("day").notNull(),
    balanceGwei: bigint("balance_gwei", { mode: "bigint" }).notNull(),
    consensusRewardGwei: bigint("consensus_reward_gwei", { mode: "bigint" }).notNull(),
    depositedGwei: bigint("deposited_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    withdrawnGwei: bigint("withdrawn_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    withdrawnPrincipalGwei: bigint("withdrawn_principal_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    exitedPrincipalGwei: bigint("exited_principal_gwei", { mode: "bigint" }).notNull().default(sql`0`),
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
    /** Principal staked at the end of the day: deposits minus principal withdrawn and returned by exits. */
    stakedGwei: bigint("staked_gwei", { mode: "bigint" }).notNull(),
    /** balance_end - balance_start + withdrawals - deposits of the day. */
    consensusRewardGwei: bigint("consensus_reward_gwei", { mode: "bigint" }).notNull(),
    executionRewardWei: numeric("execution_reward_wei", { precision: 78, scale: 0 }).notNull(),
    validatorCount: integer("validator_count").notNull(),
    /** The validators' balances at the end of their previous day (0 for a new one) and at the end of this one. */
    balanceStartGwei: bigint("balance_start_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    balanceEndGwei: bigint("balance_end_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    /** Deposits credited to the balances that day (new validators and top-ups). */
    depositsGwei: bigint("deposits_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    /** Every withdrawal paid that day: rewards paid out, principal withdrawn and exits. */
    withdrawalsGwei: bigint("withdrawals_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    /** Principal in that day's partial withdrawals (the rest of them is rewards paid out). */
    withdrawnPrincipalGwei: bigint("withdrawn_principal_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    /** Principal returned by that day's exits. */
    exitedPrincipalGwei: bigint("exited_principal_gwei", { mode: "bigint" }).notNull().default(sql`0`),
    /**
     * The epochs the day's rewards were earned over: from the end of the owner's previous day (or, on their first
     * day, the first reading, when nothing was earned before it) to the epoch of the Beacon state the day was last
     * read at. Null when unknown (rows recorded before this was kept, a first reading that already had rewards):
     * such a row counts in every sum but not in a measured APR (measuredApr).
     */
    startEpoch: bigint("start_epoch", { mode: "bigint" }),
    endEpoch: bigint("end_epoch", { mode: "bigint" }),
  },
  (table) => [primaryKey({ columns: [table.network, table.environment, table.owner, table.day] })],
);

/**
 * A coin's price on a closed UTC day, per fiat currency, as the price source quoted it: read once, then served
 * from here to every rewards screen and CSV. The source is part of the key, so changing it never mixes prices.
 */
export const dailyPrices = pgTable(
  "daily_prices",
  {
    source: text("source").notNull(),
    coinId: text("coin_id").notNull(),
    day: date("day").notNull(),
    currency: text("currency").notNull(),
    price: numeric("price").notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.coinId, table.day, table.currency] })],
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
 * The chain an environment's indexed rows come from: its chain id and genesis block hash, recorded at the first
 * pass. A pass that finds another chain behind the RPC node starts the environment over on a devnet (whose
 * chains start fresh on every `npm start`) and stops it with an error anywhere else.
 */
export const indexerChains = pgTable(
  "indexer_chains",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    chainId: bigint("chain_id", { mode: "number" }).notNull(),
    genesisHash: text("genesis_hash").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.network, table.environment] })],
);

/**
 * How far the indexer has read the Beacon API's blocks for withdrawals, per environment: the slot and root of
 * the last head it walked back from (kept apart from the execution chain's log cursors).
 */
export const beaconCursors = pgTable(
  "beacon_cursors",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    slot: bigint("slot", { mode: "bigint" }).notNull(),
    root: text("root").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.network, table.environment] })],
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

/** Account names registered through the kit's blockchain API (POST blockchain-api/v1/profile/account). */
export const accountNames = pgTable(
  "account_names",
  {
    /** The full name, lower case ("alice.meridian.id"). */
    name: text("name").primaryKey(),
    /** EIP-55 address the name resolves to. */
    address: text("address").notNull(),
    /** ENSIP-11 coin type of the chain the owner signed for (60 for Ethereum mainnet). */
    coinType: bigint("coin_type", { mode: "number" }).notNull(),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull(),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index("account_names_address").on(table.address)],
);

/** Analytics events and error reports the kit posts (POST blockchain-api/e). */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: serial("id").primaryKey(),
    origin: text("origin").notNull(),
    projectId: text("project_id").notNull(),
    eventId: text("event_id").notNull(),
    url: text("url").notNull(),
    domain: text("domain").notNull(),
    /** When the event happened in the browser (its clock). */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    props: jsonb("props").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index("analytics_events_received").on(table.receivedAt)],
);

/**
 * The handoff of one deposited provider key to one validator client (Keymanager API): imported once, retried
 * with exponential backoff until then. `client` is the client's id (KEYMANAGER_CLIENTS_*); rows written before
 * ids hold its URL without user name or password, and are renamed to the id whose URL matches at the first pass.
 */
export const validatorClientImports = pgTable(
  "validator_client_imports",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    pubkey: text("pubkey").notNull(),
    client: text("client").notNull(),
    /**
     * "removed": deleted from the client (DELETE /eth/v1/keystores) after the validator exited, when the key was
     * moved to another client, or when the client held a key assigned to another one.
     */
    state: text("state", { enum: ["pending", "imported", "removed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().default(sql`now()`),
    lastError: text("last_error"),
    importedAt: timestamp("imported_at", { withTimezone: true }),
    /** The EIP-3076 interchange the client exported when the key was removed (JSON text). */
    slashingProtection: text("slashing_protection"),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.network, table.environment, table.pubkey, table.client] })],
);

/**
 * The one validator client (by the operator's stable id from KEYMANAGER_CLIENTS_*, never its URL) that runs a
 * provider key: chosen by KEYMANAGER_WEIGHTS_* at its first handoff, changed only by `validator-clients:move`.
 */
export const validatorClientAssignments = pgTable(
  "validator_client_assignments",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    pubkey: text("pubkey").notNull(),
    clientId: text("client_id").notNull(),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().default(sql`now()`),
    /**
     * A handoff import to clientId is in flight until then (database time): a move waits for it before deleting
     * the key from that client, and a key with a move under way is never claimed.
     */
    importClaimedUntil: timestamp("import_claimed_until", { withTimezone: true }),
    /** A move under way: its target client id and the step it reached ("delete" at clientId, then "import"). */
    moveTo: text("move_to"),
    moveStep: text("move_step", { enum: ["delete", "import"] }),
    /** The EIP-3076 interchange clientId exported at the move's DELETE (JSON text), imported with the key. */
    moveSlashingProtection: text("move_slashing_protection"),
    movedAt: timestamp("moved_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.environment, table.pubkey] }),
    index("validator_client_assignments_client").on(table.network, table.environment, table.clientId),
  ],
);

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

/** The last execution block the rewards distributor has attributed, per environment (written with its records). */
export const distributorCursors = pgTable(
  "distributor_cursors",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    lastBlock: bigint("last_block", { mode: "bigint" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.network, table.environment] })],
);

/**
 * A finalized block a provider validator proposed: its value to the fee recipient (priority fees plus direct
 * transfers), the owner's share after commission, and the fee recipient's balance change as read back.
 */
export const distributorBlocks = pgTable(
  "distributor_blocks",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    blockHash: text("block_hash").notNull(),
    slot: bigint("slot", { mode: "bigint" }).notNull(),
    proposerIndex: bigint("proposer_index", { mode: "bigint" }).notNull(),
    /** The proposer's deposit owner; null when the proposer is not a provider validator. */
    owner: text("owner"),
    priorityFeesWei: numeric("priority_fees_wei", { precision: 78, scale: 0 }).notNull(),
    transfersWei: numeric("transfers_wei", { precision: 78, scale: 0 }).notNull(),
    ownerWei: numeric("owner_wei", { precision: 78, scale: 0 }).notNull(),
    /** Balance change of the fee recipient at this block minus what the block's value explains; 0 when they agree. */
    balanceMismatchWei: numeric("balance_mismatch_wei", { precision: 78, scale: 0 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.network, table.environment, table.blockNumber] })],
);

/** What each owner is due and no allocation holds yet, in wei. */
export const distributorOwed = pgTable(
  "distributor_owed",
  {
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    owner: text("owner").notNull(),
    amountWei: numeric("amount_wei", { precision: 78, scale: 0 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.network, table.environment, table.owner] })],
);

/**
 * One allocateMany batch on RewardsClaim. "prepared": amounts taken from distributor_owed; "signed": the signed
 * transaction (hash, nonce, raw) recorded before it is sent, so a restart re-sends that same transaction instead
 * of a second one; "confirmed"/"failed" from its receipt (failed amounts go back to owed); "written": a Safe batch
 * file for the operator's Safe to execute (DISTRIBUTOR_MODE=safe).
 */
export const distributorAllocations = pgTable(
  "distributor_allocations",
  {
    id: serial("id").primaryKey(),
    network: text("network").notNull(),
    environment: text("environment").notNull(),
    state: text("state", { enum: ["prepared", "signed", "confirmed", "failed", "written"] }).notNull(),
    owners: jsonb("owners").$type<string[]>().notNull(),
    amounts: jsonb("amounts").$type<string[]>().notNull(),
    nonce: integer("nonce"),
    txHash: text("tx_hash"),
    rawTx: text("raw_tx"),
    safeFile: text("safe_file"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index("distributor_allocations_open").on(table.network, table.environment, table.state)],
);

/**
 * Operator alerts that hold now (GET /ops/alerts): one row per condition, raised once (and logged then) and
 * deleted when the condition ends.
 */
export const opsAlerts = pgTable("ops_alerts", {
  /** Names the condition: kind, environment and subject, e.g. "missed-duties ethereum/devnet 0xab…". */
  key: text("key").primaryKey(),
  kind: text("kind", {
    enum: [
      "missed-duties",
      "import-failed",
      "distributor-cannot-pay",
      "fee-recipient-mismatch",
      "distributor-receipt-unreadable",
      "front-run-deposit",
    ],
  }).notNull(),
  network: text("network").notNull(),
  environment: text("environment").notNull(),
  message: text("message").notNull(),
  details: jsonb("details").$type<Record<string, unknown>>().notNull(),
  raisedAt: timestamp("raised_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/** Embedded-wallet users: one per e-mail address (lower-cased), with the wallet's address once created. */
export const embeddedWalletUsers = pgTable("embedded_wallet_users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  address: text("address"),
  /** The server's share of the key, AES-256-GCM under EMBEDDED_WALLET_SHARE_KEY ("v2:", the key's id, ":" and base64). */
  serverShare: text("server_share"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/** Browsers (the frame's device ids) a user approved: they log in with a code alone. */
export const embeddedWalletDevices = pgTable(
  "embedded_wallet_devices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => embeddedWalletUsers.id, { onDelete: "cascade" }),
    deviceId: text("device_id").notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceId] })],
);

/**
 * Pending sign-ins of a browser not yet approved for an address, keyed by the address (whether or not it has an
 * account, so the answers do not tell): the e-mailed link's token (by its SHA-256) and what the approval page
 * shows of the requesting browser.
 */
export const embeddedWalletLoginApprovals = pgTable(
  "embedded_wallet_login_approvals",
  {
    email: text("email").notNull(),
    deviceId: text("device_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** When the code that followed the approval was sent (so a re-polling frame does not send another). */
    codeSentAt: timestamp("code_sent_at", { withTimezone: true }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /** The requesting browser's User-Agent header and client address, shown on the approval page. */
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (table) => [primaryKey({ columns: [table.email, table.deviceId] })],
);

/** Pending one-time codes, hashed: login codes by e-mail, e-mail-change codes by user. */
export const embeddedWalletCodes = pgTable("embedded_wallet_codes", {
  /** "login:<email>", "update-primary:<user id>" or "update-secondary:<user id>". */
  key: text("key").primaryKey(),
  codeHash: text("code_hash").notNull(),
  /** Where the code was sent. */
  email: text("email").notNull(),
  deviceId: text("device_id"),
  userId: text("user_id"),
  newEmail: text("new_email"),
  wrongTries: integer("wrong_tries").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Embedded-wallet sessions, by the SHA-256 of their bearer token. */
export const embeddedWalletSessions = pgTable(
  "embedded_wallet_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => embeddedWalletUsers.id, { onDelete: "cascade" }),
    deviceId: text("device_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [index("embedded_wallet_sessions_user").on(table.userId)],
);

/**
 * Nonces for replacing a wallet's server share (POST /embedded-wallet/wallet/nonce): each names one user, works
 * once (the PUT that uses it deletes it) and for 10 minutes; the wallet's key signs it with the new share.
 */
export const embeddedWalletShareNonces = pgTable(
  "embedded_wallet_share_nonces",
  {
    nonce: text("nonce").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => embeddedWalletUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("embedded_wallet_share_nonces_user").on(table.userId)],
);

/**
 * Social logins: the OIDC state (by its SHA-256) with the PKCE verifier and nonce it was sent with, bound to the
 * frame that started it (its device id and the SHA-256 of a key only that frame holds). The callback records the
 * verified user (or why it failed) here; only the frame, presenting its key, turns that into a session, once.
 */
export const embeddedWalletSocialFlows = pgTable("embedded_wallet_social_flows", {
  stateHash: text("state_hash").primaryKey(),
  provider: text("provider").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  deviceId: text("device_id").notNull(),
  frameKeyHash: text("frame_key_hash").notNull().unique(),
  /** Set when the provider's answer came back to the callback (once). */
  returnedAt: timestamp("returned_at", { withTimezone: true }),
  userId: text("user_id").references(() => embeddedWalletUsers.id, { onDelete: "cascade" }),
  userName: text("user_name"),
  /** Why the sign-in failed, to tell the frame. */
  failure: text("failure"),
});

/** Social identities of embedded-wallet users: an OIDC provider's (issuer, subject) pair. */
export const embeddedWalletIdentities = pgTable(
  "embedded_wallet_identities",
  {
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => embeddedWalletUsers.id, { onDelete: "cascade" }),
    /** The provider's display name for the user (the kit's social username). */
    userName: text("user_name"),
  },
  (table) => [primaryKey({ columns: [table.issuer, table.subject] })],
);

export * from "./ssv-schema.ts";

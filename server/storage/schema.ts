import { sql } from "drizzle-orm";
import { bigint, integer, jsonb, pgSequence, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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

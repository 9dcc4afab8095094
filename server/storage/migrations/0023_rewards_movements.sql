CREATE TABLE "beacon_cursors" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"slot" bigint NOT NULL,
	"root" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beacon_cursors_network_environment_pk" PRIMARY KEY("network","environment")
);
--> statement-breakpoint
CREATE TABLE "validator_deposits" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"pubkey" text NOT NULL,
	"amount_gwei" bigint NOT NULL,
	CONSTRAINT "validator_deposits_network_environment_tx_hash_log_index_pk" PRIMARY KEY("network","environment","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "validator_withdrawals" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"withdrawal_index" bigint NOT NULL,
	"validator_id" integer NOT NULL,
	"slot" bigint NOT NULL,
	"amount_gwei" bigint NOT NULL,
	"principal_gwei" bigint NOT NULL,
	"full" boolean NOT NULL,
	CONSTRAINT "validator_withdrawals_network_environment_withdrawal_index_pk" PRIMARY KEY("network","environment","withdrawal_index")
);
--> statement-breakpoint
ALTER TABLE "owner_daily_rewards" ADD COLUMN "balance_start_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_daily_rewards" ADD COLUMN "balance_end_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_daily_rewards" ADD COLUMN "deposits_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_daily_rewards" ADD COLUMN "withdrawals_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_daily_rewards" ADD COLUMN "withdrawn_principal_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_daily_rewards" ADD COLUMN "exited_principal_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "validator_daily_rewards" ADD COLUMN "deposited_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "validator_daily_rewards" ADD COLUMN "withdrawn_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "validator_daily_rewards" ADD COLUMN "withdrawn_principal_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "validator_daily_rewards" ADD COLUMN "exited_principal_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "validators" ADD COLUMN "credited_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "validators" ADD COLUMN "effective_balance_gwei" bigint;--> statement-breakpoint
ALTER TABLE "validators" ADD COLUMN "withdrawable_epoch" bigint;--> statement-breakpoint
ALTER TABLE "validator_withdrawals" ADD CONSTRAINT "validator_withdrawals_validator_id_validators_id_fk" FOREIGN KEY ("validator_id") REFERENCES "public"."validators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "validator_deposits_pubkey" ON "validator_deposits" USING btree ("network","environment","pubkey");--> statement-breakpoint
CREATE INDEX "validator_withdrawals_validator" ON "validator_withdrawals" USING btree ("validator_id");--> statement-breakpoint
-- Rows written before this version: each validator's first deposit becomes its deposit record, credited once
-- the Beacon API knows the validator, and the running totals of its daily rows start from it, so the next day's
-- reward (balance change + withdrawals - deposits) does not count the deposit as a loss.
INSERT INTO "validator_deposits" ("network", "environment", "tx_hash", "log_index", "block_number", "pubkey", "amount_gwei")
SELECT "network", "environment", coalesce("deposit_tx_hash", 'before-0023:' || "pubkey"), -1, coalesce("deposit_block", 0), "pubkey", "deposited_gwei"
FROM "validators" WHERE "deposited_gwei" > 0 ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "validators" SET "credited_gwei" = "deposited_gwei" WHERE "validator_index" IS NOT NULL;--> statement-breakpoint
UPDATE "validator_daily_rewards" r SET "deposited_gwei" = v."deposited_gwei" FROM "validators" v WHERE v."id" = r."validator_id";--> statement-breakpoint
UPDATE "owner_daily_rewards" o SET "balance_end_gwei" = s."balance"
FROM (
  SELECT v."network", v."environment", v."owner", r."day", sum(r."balance_gwei") AS "balance"
  FROM "validator_daily_rewards" r JOIN "validators" v ON v."id" = r."validator_id"
  GROUP BY v."network", v."environment", v."owner", r."day"
) s
WHERE s."network" = o."network" AND s."environment" = o."environment" AND s."owner" = o."owner" AND s."day" = o."day";

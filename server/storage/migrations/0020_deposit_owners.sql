CREATE TABLE "deposited_keys" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"pubkey" text NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	CONSTRAINT "deposited_keys_network_environment_pubkey_pk" PRIMARY KEY("network","environment","pubkey")
);
--> statement-breakpoint
CREATE TABLE "front_run_deposits" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"pubkey" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"withdrawal_credentials" text NOT NULL,
	"amount_gwei" bigint NOT NULL,
	"signature_valid" boolean NOT NULL,
	CONSTRAINT "front_run_deposits_network_environment_tx_hash_log_index_pk" PRIMARY KEY("network","environment","tx_hash","log_index")
);
--> statement-breakpoint
CREATE INDEX "front_run_deposits_pubkey" ON "front_run_deposits" USING btree ("network","environment","pubkey");--> statement-breakpoint
-- Keys deposited before this table existed: the indexer kept each key's first deposit as a validator row.
INSERT INTO "deposited_keys" ("network", "environment", "pubkey", "tx_hash", "block_number")
SELECT "network", "environment", "pubkey", "deposit_tx_hash", "deposit_block" FROM "validators"
WHERE "deposit_tx_hash" IS NOT NULL AND "deposit_block" IS NOT NULL
ON CONFLICT DO NOTHING;

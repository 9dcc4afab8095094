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
CREATE INDEX "front_run_deposits_pubkey" ON "front_run_deposits" USING btree ("network","environment","pubkey");
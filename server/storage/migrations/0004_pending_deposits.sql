CREATE TABLE "pending_deposits" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"pubkey" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	CONSTRAINT "pending_deposits_network_environment_tx_hash_log_index_pk" PRIMARY KEY("network","environment","tx_hash","log_index")
);
--> statement-breakpoint
CREATE INDEX "pending_deposits_pubkey" ON "pending_deposits" USING btree ("network","environment","pubkey");
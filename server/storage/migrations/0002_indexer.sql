CREATE TABLE "execution_rewards" (
	"network" text NOT NULL,
	"environment" text NOT NULL,
	"owner" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"day" date NOT NULL,
	"amount_wei" numeric(78, 0) NOT NULL,
	CONSTRAINT "execution_rewards_network_environment_tx_hash_log_index_pk" PRIMARY KEY("network","environment","tx_hash","log_index")
);
--> statement-breakpoint
ALTER TABLE "validators" ADD COLUMN "deposit_block" bigint;--> statement-breakpoint
ALTER TABLE "validators" ADD COLUMN "deposited_gwei" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "execution_rewards_day" ON "execution_rewards" USING btree ("network","environment","day");